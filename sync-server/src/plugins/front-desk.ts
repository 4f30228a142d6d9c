import type { Plugin } from '@hapi/hapi';
import type {
  DayPassCheckInResponse,
  GymCancelDayPassRefusal,
  GymCancelDayPassResponse,
  MastrPassCheckInResponse,
} from '@mastr/rules/api/front-desk.ts';
import type { Deps } from '../deps.ts';
import { cancelDayPassForGym, checkInOnline } from '../services/passes/front-desk-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const CHECK_IN_ROUTES = [
  {
    path: '/api/booking/daypass/gym/check_in/{id}',
    kind: 'day-pass',
    listKey: 'upcomingDayPassesInformation',
  },
  {
    path: '/api/booking/mastrdaypass/gym/check_in/{id}',
    kind: 'mastr-pass',
    listKey: 'mastrPasses',
  },
] as const satisfies readonly (
  | { path: string; kind: 'day-pass'; listKey: Exclude<keyof DayPassCheckInResponse, 'message'> }
  | { path: string; kind: 'mastr-pass'; listKey: Exclude<keyof MastrPassCheckInResponse, 'message'> }
)[];

/**
 * The front desk's online calls (§7 "Gym management and passes", §8 "Day pass check-in"). A check-in
 * here is a record like any tablet's, decided by the same authority: 'Checked In.' when it counts,
 * else 400 with the reason; either way the refreshed list comes back for the page to show.
 */
export const frontDeskPlugin: Plugin<Deps> = {
  name: 'front-desk',
  register(server, deps) {
    for (const { path, kind, listKey } of CHECK_IN_ROUTES) {
      server.route({
        method: 'POST',
        path,
        options: { auth: roleAccess('gym') },
        async handler(request, h) {
          const gymId = credentialsOf(request).UserInfo.profileId;
          const result = await checkInOnline(deps, gymId, kind, String(request.params.id));
          const message = result.outcome === 'counted' ? 'Checked In.' : result.reason;
          return h.response({ message, [listKey]: result.passes }).code(result.outcome === 'counted' ? 200 : 400);
        },
      });
    }

    server.route({
      method: 'POST',
      path: '/api/booking/gym/cancel_day_pass/{id}',
      options: { auth: roleAccess('gym') },
      async handler(request, h) {
        const gymId = credentialsOf(request).UserInfo.profileId;
        const result = await cancelDayPassForGym(deps, gymId, String(request.params.id));
        const upcomingDayPassesInformation = result.passes;
        if (result.outcome === 'refused') {
          // A pass cancelled already (the member, or another tap, won) comes with its final state.
          const refusal: GymCancelDayPassRefusal = { message: result.reason, upcomingDayPassesInformation };
          return h.response(result.pass ? { ...refusal, pass: result.pass } : refusal).code(400);
        }
        return {
          message: 'Day Pass Cancelled.',
          refundedPence: result.refundedPence,
          upcomingDayPassesInformation,
        } satisfies GymCancelDayPassResponse;
      },
    });
  },
};
