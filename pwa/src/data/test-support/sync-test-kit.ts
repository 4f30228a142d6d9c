/**
 * Real parts for the data layer's integration tests: the test stack's Hapi server listening on
 * loopback (the sync gateway over the embedded CouchDB-compatible server), a gym account, passes
 * issued by the server's own service, and "devices": tenant stores on fake-indexeddb, each behind
 * its own cuttable network cable. RxDB runs in dev-mode with schema validation here, as it must
 * not in the browser.
 */
import 'fake-indexeddb/auto';
import { addRxPlugin } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import type { TenantDocType } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { loadConfig } from '../../../../sync-server/src/config.ts';
import { ensureDatabase } from '../../../../sync-server/src/couch/couch.ts';
import { mintAccessToken } from '../../../../sync-server/src/test-support/access-fixtures.ts';
import { createDayPass, createMastrPass } from '../../../../sync-server/src/services/passes/index.ts';
import { givenAccount } from '../../../../sync-server/src/test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../../../../sync-server/src/test-support/test-stack.ts';
import { storedDecisions } from '../../../../sync-server/src/test-support/check-in-decisions.ts';
import { ofType } from '../local-queries.ts';
import { openTenantStore, type OpenedTenantStore, type SyncStatus, type TenantStore } from '../tenant-store.ts';
import { startNetworkCable, type NetworkCable } from './network-cable.ts';
import { decisionsIn } from './local-decisions.ts';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);

export interface Device {
  store: OpenedTenantStore;
  cable: NetworkCable;
}

let deviceCount = 0;

export async function startSyncKit() {
  const stack: TestStack = await startTestStack();
  await stack.server.start();
  const config = loadConfig({ DATA_DIR: stack.dataDir, PORT: '0', NODE_ENV: 'test' } as NodeJS.ProcessEnv);
  const gym = await givenAccount(stack, 'gym');
  const member = await givenAccount(stack, 'user');
  const gymId = gym.account.profileId;
  const memberId = member.account.profileId;
  // Registration leaves tenant databases to the gateway; the server's pass sales need them first.
  await ensureDatabase(stack.couch, `mastr_gym_${gymId}`);
  await ensureDatabase(stack.couch, `mastr_member_${memberId}`);
  // Tokens as sign-in issues them (a live session each), made once: they outlast any test here.
  const tokens = { gym: await mintAccessToken(stack, 'gym', gymId), user: await mintAccessToken(stack, 'user', memberId) };
  const tokenFor = (kind: 'gym' | 'user') => tokens[kind];
  const passDeps = { couch: stack.couch, now: () => stack.clock.now, config };
  const owners = {
    gym: { profileId: gymId, gymName: 'Iron Temple' },
    member: { profileId: memberId, name: 'Alex', email: member.email },
    pricePence: 1500,
  };
  const devices: Device[] = [];

  return {
    stack,
    gymId,
    memberId,
    sellDayPass: async (date = ukDateKey(stack.clock.now)): Promise<DayPassDoc> =>
      (await createDayPass(passDeps, { ...owners, passType: 'Adult', date })).pass,
    sellMastrPass: async (start: string): Promise<MastrPassDoc> => (await createMastrPass(passDeps, { ...owners, dateAndTimeStart: start })).pass,
    /** A front-desk tablet (or a member's phone) syncing through its own network cable. */
    async openDevice(
      kind: 'gym' | 'member' = 'gym',
      options: { token?: () => string | null; refresh?: () => Promise<string | null>; databaseName?: string; offline?: boolean } = {},
    ): Promise<Device> {
      deviceCount += 1;
      const cable = await startNetworkCable(stack.server.info.uri);
      if (options.offline) await cable.cut();
      const token = kind === 'gym' ? tokenFor('gym') : tokenFor('user');
      const store = await openTenantStore({
        kind,
        tenantId: kind === 'gym' ? gymId : memberId,
        getAccessToken: options.token ?? (() => token),
        refresh: options.refresh ?? (async () => token),
        baseUrl: cable.url,
        databaseName: options.databaseName ?? `test-device-${deviceCount}-${kind}`,
        storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) as never,
        retryMs: 100,
        log: () => {},
      });
      const device = { store, cable };
      devices.push(device);
      return device;
    },
    memberToken: () => tokenFor('user'),
    /** The server's own copy of a gym document. */
    serverDoc: <T>(id: string) => stack.couch.use<T & { _id: string; _rev: string }>(`mastr_gym_${gymId}`).get(id),
    serverDocs: async <T>(prefix: string): Promise<T[]> => {
      const all = await stack.couch.use<T>(`mastr_gym_${gymId}`).list({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
      return all.rows.map((r) => r.doc as T);
    },
    gymDb: () => stack.couch.use<Record<string, unknown>>(`mastr_gym_${gymId}`),
    /** The server's decisions on check-ins, by record id (a counted one is on its pass). */
    serverDecisions: () => storedDecisions(stack.couch.use(`mastr_gym_${gymId}`)),
    async stop() {
      for (const { store, cable } of devices) {
        await store.remove();
        await cable.close();
      }
      await stack.stop();
    },
  };
}

export type SyncKit = Awaited<ReturnType<typeof startSyncKit>>;

/** Polls until the check holds; fails with the last observed value after the timeout. */
export async function eventually<T>(read: () => Promise<T> | T, holds: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!holds(value)) {
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/** The device's documents of one type, in CouchDB shape. */
export async function localDocs<T>(store: OpenedTenantStore, type: TenantDocType): Promise<T[]> {
  const found = await store.collection.find({ selector: ofType(type) }).exec();
  return found.map((d) => {
    const { id, ...rest } = d.toJSON() as { id: string } & Record<string, unknown>;
    return { _id: id, ...rest } as T;
  });
}

/** The device's copy of the server's decisions on check-ins, by record id (rules/check-in-decisions.ts). */
export const localDecisions = (store: OpenedTenantStore): Promise<Map<string, CheckInDecision>> => decisionsIn(store.collection);

/** The store's current sync status (its status$ replays the latest value on subscribe). */
export function latestStatus(store: TenantStore): SyncStatus {
  let last: SyncStatus | null = null;
  store.status$.subscribe((s) => (last = s)).unsubscribe();
  if (!last) throw new Error('The store is stopped');
  return last;
}
