import { checkInId, coachRequestId, passDocId } from '@mastr/rules/doc-ids.ts';
import { FRIDAY, type Party } from './access-world.ts';
import type { ExpectationTable, MatrixCall } from './expectation-types.ts';

/**
 * The sync gateway (plugins/sync-gateway.ts): every path and method, on each of the other party's
 * three tenant databases. Only a tenant's owner may reach it, so every identity here is refused.
 */

const tenants = (v: Party) =>
  [
    ['gym', v.gymId],
    ['member', v.memberId],
    ['coach', v.coachId],
  ] as const;
const everyTenant = (v: Party, call: (base: string) => Omit<MatrixCall, 'url'> & { url: string }) =>
  tenants(v).map(([kind, id]) => call(`/sync/${kind}/${id}`));

/** A write of each kind the gateway accepts from an owner, aimed at the victim's data. */
function hostileDocs(v: Party, base: string): unknown[] {
  if (base.startsWith('/sync/gym/'))
    return [
      {
        _id: checkInId(v.dayPassId, 'aaaaaaaaaaaa'),
        type: 'check-in',
        passId: v.dayPassId,
        passKind: 'day-pass',
        gymId: v.gymId,
        checkedInAt: `${FRIDAY}T09:00:00.000Z`,
        method: 'tap',
        deviceId: 'tablet-x',
        _deleted: false,
      },
    ];
  if (base.startsWith('/sync/coach/')) return [{ _id: coachRequestId(v.coachRequestId), _deleted: true }];
  return [{ _id: passDocId('day-pass', v.dayPassId), type: 'day-pass', cancelled: true }];
}

export const syncExpectations: ExpectationTable = {
  'GET /sync/{tenant}/{id}': {
    audience: 'tenant-owner',
    calls: (v) => everyTenant(v, (base) => ({ url: base })),
    answers: [],
  },
  'GET /sync/{tenant}/{id}/_changes': {
    audience: 'tenant-owner',
    calls: (v) => [
      ...everyTenant(v, (base) => ({ url: `${base}/_changes?since=0&include_docs=true` })),
      ...everyTenant(v, (base) => ({ url: `${base}/_changes?feed=longpoll&since=now&timeout=1000` })),
    ],
    answers: [],
  },
  'GET /sync/{tenant}/{id}/_all_docs': {
    audience: 'tenant-owner',
    calls: (v) => everyTenant(v, (base) => ({ url: `${base}/_all_docs?include_docs=true` })),
    answers: [],
  },
  'POST /sync/{tenant}/{id}/_all_docs': {
    audience: 'tenant-owner',
    calls: (v) =>
      everyTenant(v, (base) => ({
        url: `${base}/_all_docs`,
        payload: { keys: [passDocId('day-pass', v.dayPassId), `booking:${v.bookingId}`], include_docs: true },
      })),
    answers: [],
  },
  'POST /sync/{tenant}/{id}/_bulk_docs': {
    audience: 'tenant-owner',
    calls: (v) => everyTenant(v, (base) => ({ url: `${base}/_bulk_docs`, payload: { docs: hostileDocs(v, base) } })),
    answers: [],
  },
  'GET /sync/{rest*}': {
    audience: 'tenant-owner',
    calls: (v) => [
      ...everyTenant(v, (base) => ({ url: `${base}/${encodeURIComponent(passDocId('day-pass', v.dayPassId))}` })),
      ...everyTenant(v, (base) => ({ url: `${base}/_local/checkpoint` })),
      { url: `/sync/gym/${v.gymId}/_design/all` },
      { url: '/sync/_all_dbs' },
    ],
    answers: [],
  },
  '* /sync/{rest*}': {
    audience: 'tenant-owner',
    calls: (v) => [
      ...everyTenant(v, (base) => ({ method: 'POST', url: `${base}/_find`, payload: { selector: {} } })),
      ...everyTenant(v, (base) => ({ method: 'PUT', url: `${base}/note`, payload: { text: 'x' } })),
      ...everyTenant(v, (base) => ({ method: 'DELETE', url: base })),
      { method: 'POST', url: `/sync/member/${v.memberId}/_revs_diff`, payload: {} },
    ],
    answers: [],
  },
};
