import type { Plugin } from '@hapi/hapi';
import { checkInId, isId, passDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import { refundPassInFull } from '../services/payments/refund-service.ts';
import { recordCheckIn } from '../services/passes/check-in-service.ts';
import { newId } from '../couch/ids.ts';
import { upcomingDayPasses, upcomingMastrPasses } from '../services/passes/pass-views.ts';
import { CANCEL_REFUSALS, cancelDayPass } from '../services/passes/passes-service.ts';
import { getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const CHECK_IN_ROUTES = [
  {
    path: '/api/booking/daypass/gym/check_in/{id}',
    kind: 'day-pass',
    listKey: 'upcomingDayPassesInformation',
    list: upcomingDayPasses,
  },
  {
    path: '/api/booking/mastrdaypass/gym/check_in/{id}',
    kind: 'mastr-pass',
    listKey: 'mastrPasses',
    list: upcomingMastrPasses,
  },
] as const;

/**
 * The front desk's online calls (§7 "Gym management and passes", §8 "Day pass check-in"). A check-in
 * here is a record like any tablet's, decided by the same authority: 'Checked In.' when it counts,
 * else 400 with the reason; either way the refreshed list comes back for the page to show.
 */
export const frontDeskPlugin: Plugin<Deps> = {
  name: 'front-desk',
  register(server, deps) {
    for (const { path, kind, listKey, list } of CHECK_IN_ROUTES) {
      server.route({
        method: 'POST',
        path,
        options: { auth: roleAccess('gym') },
        async handler(request, h) {
          const gymId = credentialsOf(request).UserInfo.profileId;
          const passId = String(request.params.id);
          const refreshed = async () => ({ [listKey]: await list(deps.couch, gymId, deps.now()) });
          const pass = isId(passId)
            ? await getDoc(tenantDb<PassDoc>(deps.couch, 'gym', gymId), passDocId(kind, passId))
            : null;
          if (!pass) return h.response({ message: "Missing ID's", ...(await refreshed()) }).code(400);
          const { outcome } = await recordCheckIn(deps, gymId, {
            _id: checkInId(passId, newId()),
            type: 'check-in',
            passId,
            passKind: kind,
            gymId,
            checkedInAt: deps.now().toISOString(),
            method: 'online',
            deviceId: 'server',
          });
          const counted = outcome.outcome === 'counted';
          return h
            .response({ message: counted ? 'Checked In.' : outcome.reason, ...(await refreshed()) })
            .code(counted ? 200 : 400);
        },
      });
    }

    server.route({
      method: 'POST',
      path: '/api/booking/gym/cancel_day_pass/{id}',
      options: { auth: roleAccess('gym') },
      async handler(request, h) {
        const gymId = credentialsOf(request).UserInfo.profileId;
        const passId = String(request.params.id);
        // The gym's cancellation is refunded in full (design/payments.md "Refunds"); a pass sold
        // without payment (demo data) is just cancelled.
        let refundedPence = 0;
        const refusal = isId(passId)
          ? await cancelDayPass(deps, gymId, passId, async (pass) => {
              refundedPence = await refundPassInFull(deps, pass.passId, 'gym-cancel');
            })
          : CANCEL_REFUSALS.unknown;
        const upcomingDayPassesInformation = await upcomingDayPasses(deps.couch, gymId, deps.now());
        if (refusal) return h.response({ message: refusal, upcomingDayPassesInformation }).code(400);
        return { message: 'Day Pass Cancelled.', refundedPence, upcomingDayPassesInformation };
      },
    });
  },
};
