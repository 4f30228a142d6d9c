/**
 * What the coach home's pods (§2) show from the /api/me answer: the registered gyms (at most two
 * pictures, §9) and the session requests. A list missing from the answer is unknown (null), never
 * shown as 0. Pure.
 */
import { MAX_HOME_POD_GYMS } from '@mastr/rules/constants.ts';

/** A registered gym as /api/me/coaches lists it (§3 `registeredGymsInformation`). */
export interface PodGym {
  _id: string;
  gymName: string;
  profileImage: string;
}

export interface RegisteredGymsFigure {
  count: number;
  /** The first `MAX_HOME_POD_GYMS`, in the answer's order (oldest registration first). */
  shown: PodGym[];
}

/** §2 "Registered Gyms" when there are none. */
export const NO_REGISTERED_GYMS = 'You are not registered to any gyms.';

export function registeredGymsFigure(coach: {
  registeredGymsInformation?: readonly PodGym[];
}): RegisteredGymsFigure | null {
  const gyms = coach.registeredGymsInformation;
  if (!gyms) return null;
  return { count: gyms.length, shown: gyms.slice(0, MAX_HOME_POD_GYMS) };
}

export interface SessionRequestsFigure {
  /** Waiting for the coach's answer (accepted false). */
  requested: number;
  /** Accepted, waiting for the member to pay. */
  accepted: number;
}

/** The coach's session requests (§3 `privateSessionRequestsInformation`), for the Analytics pod. */
export function sessionRequestsFigure(coach: {
  privateSessionRequestsInformation?: readonly { accepted: boolean }[];
}): SessionRequestsFigure | null {
  const requests = coach.privateSessionRequestsInformation;
  if (!requests) return null;
  const accepted = requests.filter((r) => r.accepted === true).length;
  return { requested: requests.length - accepted, accepted };
}

/** Gyms the coach has asked to join and that have not answered yet. */
export function pendingGymRequestsCount(coach: { pendingRequestsInformation?: readonly unknown[] }): number | null {
  return coach.pendingRequestsInformation ? coach.pendingRequestsInformation.length : null;
}
