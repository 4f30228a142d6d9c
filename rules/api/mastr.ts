/**
 * The gym's Mastr class calls and the member's two calls that book a Mastr pass into a class
 * (§7 "Gym account and {product}", the two member {product} calls).
 */
import type { MastrClassOption } from './directory.ts';
import type { MastrPassView } from './front-desk.ts';
import type { GymMe } from './me.ts';

/** POST /api/me/gyms/mastrclass/activate: gym weekday 1-7 and an hourly time 04:00-22:00 (seconds). */
export interface MastrActivateRequest {
  selectedDay: number;
  selectedTime: number;
}

export type MastrActivateResponse = Pick<GymMe, 'mastrClassActive' | 'mastrClassDefault' | 'mastrClassAvailability'>;

/** POST /api/me/gyms/mastrclass/default/update. */
export interface MastrDefaultUpdateRequest {
  selectedDefaultMastrDay: number;
  selectedDefaultMastrTime: number;
}

/** The default/update and default/cancel answers (the two classes come along: they follow the default). */
export type MastrDefaultResponse = Pick<GymMe, 'mastrClassDefault' | 'mastrClassAvailability'>;

/** POST /api/me/gyms/mastrclass/active/{id}/cancel. */
export interface MastrClassCancelResponse extends Pick<GymMe, 'mastrClassAvailability'> {
  /** Every Mastr pass of the gym, as `allMastrPasses` lists them (the released ones unassigned). */
  mastrPasses: MastrPassView[];
}

/** POST /api/me/gyms/mastrclass/activate/publicvisibility: toggles Live / Inactive. */
export type MastrVisibilityResponse = Pick<GymMe, 'mastrClassActive'>;

/** GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions. */
export interface MastrClassOptionsResponse {
  /** The pass's gym's next two classes (cancelled or started ones are shown, not choosable). */
  mastrAvailability: MastrClassOption[];
}

/** POST /api/me/users/mastrpass/{passId}/unassigned/assignclass. */
export interface MastrAssignRequest {
  mastrClassId: string;
  /** The class's start as the options named it (UK wall clock; a trailing Z is ignored). */
  mastrClassDate: string;
}

export interface MastrAssignResponse {
  upcomingMastrPasses: MastrPassView[];
  unassignedMastrPasses: MastrPassView[];
}
