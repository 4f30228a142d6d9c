/** Member booking calls from a gym profile (§7 "Member bookings"); each needs the member's token. */
import type { DayPassType } from '@mastr/rules/constants.ts';
import { api } from '../api/http.ts';

export interface CheckoutSession {
  url: string;
}

export interface DayPassCheckout {
  user_id: string;
  gym_id: string;
  /** 'YYYY-MM-DD' (UK). */
  passDayDate: string;
}

export interface MastrClassCheckout {
  user_id: string;
  gym_id: string;
  /** The class's UK wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  mastrClassDate: string;
  mastrClassId: string;
}

export interface GymPtRequest {
  gym_id: string;
  selectedDate: string;
  selectedTime: number;
  selectedDiscipline: string;
  selectedExperienceLevel: string;
}

/** Kids passes use the kids flow, adult passes the adult flow (§4). */
export function createDayPassCheckout(passType: DayPassType, body: DayPassCheckout): Promise<CheckoutSession> {
  return api<CheckoutSession>(`/api/booking/createCheckoutSession${passType}DayPass`, { body, auth: true });
}

export function createMastrClassCheckout(body: MastrClassCheckout): Promise<CheckoutSession> {
  return api<CheckoutSession>('/api/booking/createCheckoutMastrClass', { body, auth: true });
}

export function requestGymPrivateSession(body: GymPtRequest): Promise<void> {
  return api<unknown>('/api/booking/handlePrivateSessionGymRequest', { body, auth: true }).then(() => undefined);
}
