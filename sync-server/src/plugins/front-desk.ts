import type { Request } from '@hapi/hapi';
import type { DayPassView, GymCancelDayPassRefusal, MastrPassView } from '@mastr/rules/api/front-desk.ts';
import type { Deps } from '../deps.ts';
import { cancelDayPassForGym, checkInOnline, type NewCheckIn } from '../services/passes/index.ts';
import { writeOnline } from '../sync/device-writes.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute, refuse, reply } from './define-route.ts';

/**
 * The front desk's online calls (§7 "Gym management and passes", §8 "Day pass check-in"). A check-in
 * here is a record like any tablet's, decided by the same authority: 'Checked In.' when it counts,
 * else 400 with the reason; either way the refreshed list comes back for the page to show.
 */
export const frontDeskPlugin = contractPlugin('front-desk', (deps: Deps) => {
  const gymIdOf = (request: Pick<Request, 'auth'>) => credentialsOf(request).UserInfo.profileId;
  /** A check-in's message, status and refreshed list; the pass kind asked for decides the list's kind. */
  const checkIn = async (request: Pick<Request, 'auth'>, kind: 'day-pass' | 'mastr-pass', passId: string) => {
    const gymId = gymIdOf(request);
    // The record goes through the check-in entry a tablet's goes through (decision 184).
    const record = async (checkIn: NewCheckIn) => {
      const [decided] = (await writeOnline(deps, 'check-in', gymId, [checkIn])) ?? [];
      if (!decided) throw new Error(`The online check-in ${checkIn._id} broke the check-in rules.`);
      return decided;
    };
    const result = await checkInOnline(deps, gymId, kind, passId, record);
    const counted = result.outcome === 'counted';
    return { message: counted ? 'Checked In.' : result.reason, passes: result.passes, code: counted ? 200 : 400 };
  };

  return [
    defineRoute('POST /api/booking/daypass/gym/check_in/{id}', {
      options: { auth: roleAccess('gym') },
      async handler(request, h) {
        const { message, passes, code } = await checkIn(request, 'day-pass', request.params.id);
        return reply(h, { message, upcomingDayPassesInformation: passes as DayPassView[] }, code);
      },
    }),

    defineRoute('POST /api/booking/mastrdaypass/gym/check_in/{id}', {
      options: { auth: roleAccess('gym') },
      async handler(request, h) {
        const { message, passes, code } = await checkIn(request, 'mastr-pass', request.params.id);
        return reply(h, { message, mastrPasses: passes as MastrPassView[] }, code);
      },
    }),

    defineRoute('POST /api/booking/gym/cancel_day_pass/{id}', {
      options: { auth: roleAccess('gym') },
      async handler(request, h) {
        const result = await cancelDayPassForGym(deps, gymIdOf(request), request.params.id);
        const upcomingDayPassesInformation = result.passes;
        if (result.outcome === 'refused') {
          // A pass cancelled already (the member, or another tap, won) comes with its final state.
          const refusal: GymCancelDayPassRefusal = { message: result.reason, upcomingDayPassesInformation };
          return refuse(h, result.pass ? { ...refusal, pass: result.pass } : refusal, 400);
        }
        return {
          message: 'Day Pass Cancelled.',
          refundedPence: result.refundedPence,
          upcomingDayPassesInformation,
        };
      },
    }),
  ];
});
