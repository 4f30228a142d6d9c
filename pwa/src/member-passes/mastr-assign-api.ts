/** Choosing a class for an unassigned Mastr pass (§7 "Member passes"): the options, then the booking. */
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { callApi } from '../api/index.ts';

export async function fetchClassOptions(passId: string): Promise<MastrClassOption[]> {
  const answer = await callApi('GET /api/me/users/mastrpass/{passId}/unassigned/getgymclassoptions', {
    params: { passId },
    auth: true,
  });
  return answer.mastrAvailability;
}

export async function assignClass(passId: string, mastrClassId: string, mastrClassDate: string): Promise<void> {
  await callApi('POST /api/me/users/mastrpass/{passId}/unassigned/assignclass', {
    params: { passId },
    body: { mastrClassId, mastrClassDate },
    auth: true,
  });
}
