import Boom from '@hapi/boom';
import type { Lifecycle, Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import { createCouchProxy, type CouchEndpoint } from '../sync/couch-proxy.ts';
import { changesCall, pullSelector, type PullSelector } from '../sync/device-pulls.ts';
import { createLastAnswers } from '../sync/last-answers.ts';
import { createLiveFeedLimit } from '../sync/live-feeds.ts';
import { createSharedReads } from '../sync/shared-reads.ts';
import { authoriseTenant, createTenantPreparer, type Tenant } from '../sync/tenant-access.ts';
import { writeDeviceBatch } from '../sync/device-writes.ts';
import { bulkDocsOf, deviceClockOffsetMs } from '../sync/write-rules.ts';
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import { credentialsOf } from './auth-strategy.ts';

/**
 * Query parameters passed through to CouchDB; any other is refused (e.g. `filter`, `feed=continuous`).
 * The gateway adds its own `filter=_selector` to a gym's reads (sync/device-pulls.ts, decision 198).
 */
const CHANGES_PARAMS = [
  'since',
  'limit',
  'feed',
  'style',
  'include_docs',
  'heartbeat',
  'timeout',
  'seq_interval',
  'descending',
  'conflicts',
];
const CHANGES_FEEDS = ['normal', 'longpoll'];
const ALL_DOCS_PARAMS = [
  'include_docs',
  'keys',
  'key',
  'startkey',
  'endkey',
  'start_key',
  'end_key',
  'limit',
  'skip',
  'descending',
  'inclusive_end',
  'conflicts',
  'update_seq',
];

/**
 * Bounds on what a device's read may carry (design/decisions.md 27). A query value (a sequence, a
 * JSON key list) stays far below 8 KB: RxDB asks for at most 100 documents by id at a time. Keys
 * are document ids, the longest of which (a check-in outcome's) is under 120 characters.
 */
const MAX_QUERY_VALUE_LENGTH = 8 * 1024;
const MAX_KEYS = 1000;
const MAX_KEY_LENGTH = 200;

const forbidden = () => Boom.forbidden('Forbidden');

/** A sequence as CouchDB wrote it: the embedded server's are numbers, Apache CouchDB's strings. */
const sequence = (value: string): string | number => (/^\d+$/.test(value) ? Number(value) : value);

/** The request's query, if every parameter is allowed, given once and of bounded length. */
function allowedSearch(request: Request, allowed: readonly string[]): URLSearchParams {
  const search = request.url.searchParams;
  const names = [...search.keys()];
  if (
    names.some((name) => !allowed.includes(name)) ||
    new Set(names).size !== names.length ||
    [...search.values()].some((value) => value.length > MAX_QUERY_VALUE_LENGTH)
  )
    throw forbidden();
  return new URLSearchParams(search);
}

const isKeyList = (keys: unknown) =>
  Array.isArray(keys) &&
  keys.length <= MAX_KEYS &&
  keys.every((key) => typeof key === 'string' && key.length <= MAX_KEY_LENGTH);

/** `POST _all_docs` as RxDB sends it: `{keys, include_docs, deleted: 'ok'}`. */
function allDocsBody(payload: unknown): Record<string, unknown> {
  const body = payload as Record<string, unknown> | null;
  const valid =
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).every((k) => ['keys', 'include_docs', 'deleted'].includes(k)) &&
    (body.keys === undefined || isKeyList(body.keys)) &&
    (body.include_docs === undefined || typeof body.include_docs === 'boolean') &&
    (body.deleted === undefined || body.deleted === 'ok');
  if (!valid) throw forbidden();
  return body;
}

/**
 * The authorising gateway between devices and their tenant's CouchDB database (design/sync.md):
 * `/sync/{gym|member|coach}/{id}/` admits a Bearer access token of the matching role and the same
 * profile id, forwards only what RxDB's CouchDB replication needs (database info, `_changes`,
 * `_all_docs`) and applies the write rules to `_bulk_docs`. Every other path is 403. Long-polls are
 * limited per account and in time (design/sync.md "Live feeds").
 */
export const syncGatewayPlugin: Plugin<Deps> = {
  name: 'sync-gateway',
  register(server, deps) {
    if (!deps.config.couchUrl) throw new Error('The sync gateway needs the CouchDB URL (config.couchUrl).');
    const proxy = createCouchProxy(deps.config.couchUrl, deps.config.couchTimeoutMs);
    const prepare = createTenantPreparer(deps);
    const { longPollTimeoutMs } = deps.config;
    const updates = server.app.databaseUpdates;
    const lastAnswers = createLastAnswers();
    const liveFeeds = createLiveFeedLimit(deps.config.liveFeedsPerAccount, Math.ceil(longPollTimeoutMs / 1000));
    // CouchDB ends a long-poll after `timeout`; should it not, the gateway answers a little later itself.
    const longPollDeadlineMs = longPollTimeoutMs + Math.min(5_000, Math.ceil(longPollTimeoutMs / 5));
    // Open long-polls would otherwise hold server.stop() until its timeout.
    server.ext('onPreStop', () => {
      proxy.closeAll();
    });
    // A stopped server may be started again (tests, graceful restarts): accept requests again.
    server.ext('onPreStart', () => {
      proxy.reopen();
    });

    const tenantRoute = (
      method: 'GET' | 'POST',
      endpoint: CouchEndpoint,
      handler: (request: Request, h: ResponseToolkit, tenant: Tenant) => Promise<Lifecycle.ReturnValue>,
    ) =>
      server.route({
        method,
        path: `/sync/{tenant}/{id}${endpoint ? `/${endpoint}` : ''}`,
        options: {
          auth: 'access',
          ...(method === 'POST' ? { payload: { parse: true, allow: 'application/json' } } : {}),
          // A pull after a reconnect answers ~1 MB of JSON per 1,000 documents: level 1 is about a
          // tenth larger than the default and takes well under half the CPU (decision 170).
          compression: { gzip: { level: 1 } },
        },
        async handler(request, h) {
          const tenant = authoriseTenant(
            credentialsOf(request),
            String(request.params.tenant),
            String(request.params.id),
          );
          await prepare(tenant);
          return handler(request, h, tenant);
        },
      });

    const forward = (
      request: Request,
      h: ResponseToolkit,
      tenant: Tenant,
      endpoint: CouchEndpoint,
      search: URLSearchParams,
      body?: unknown,
    ) =>
      proxy.forward(request, h, {
        dbName: tenant.dbName,
        endpoint,
        method: body === undefined ? 'GET' : 'POST',
        search,
        body,
      });

    /**
     * A long-poll, one of at most `liveFeedsPerAccount` per account (429 beyond), held at most
     * `longPollTimeoutMs`. `since=now` is pinned to the database's current sequence first, so an
     * empty answer, `{results: [], last_seq: since}`, neither skips nor repeats a change. While the
     * instance's one `_db_updates` feed is live (design/sync.md "Live feeds"), the poll holds no
     * CouchDB connection: the changes are read at once, and when there are none the poll waits for
     * its database to change and reads again. Otherwise it is held upstream as CouchDB's own
     * long-poll (`timeout` bounded, `heartbeat` dropped: the answer is read whole anyway). A gym's
     * reads leave check-in records out (`selector`, decision 198).
     */
    const longPoll = (
      request: Request,
      h: ResponseToolkit,
      tenant: Tenant,
      search: URLSearchParams,
      selector: PullSelector | null,
    ) =>
      liveFeeds.hold(tenant.dbName, async () => {
        const asked = Number(search.get('timeout') ?? longPollTimeoutMs);
        const boundMs = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, longPollTimeoutMs) : longPollTimeoutMs;
        search.delete('heartbeat');
        const since = search.get('since');
        if (since === null || since === 'now')
          search.set('since', String((await deps.couch.use(tenant.dbName).info()).update_seq));
        // From the sequence the poll has read up to: `search`'s `since`, moved on by filtered reads below.
        const nothingNew = () => ({ results: [], last_seq: sequence(search.get('since')!) });
        const upstream = (ms: number) => {
          search.set('feed', 'longpoll');
          search.set('timeout', String(ms));
          return proxy.forward(request, h, {
            dbName: tenant.dbName,
            endpoint: '_changes',
            ...changesCall(selector, search),
            deadline: { ms: ms + (longPollDeadlineMs - longPollTimeoutMs), answer: nothingNew() },
          });
        };
        if (!updates.live) return upstream(boundMs);
        const until = Date.now() + boundMs;
        const gone = new AbortController();
        request.events.once('disconnect', () => gone.abort());
        const watch = updates.watch(tenant.dbName); // before the read: a change during it is not missed
        const pinned = search.get('since')!;
        // A device polling again from the sequence this instance last answered for its database,
        // with no update told since the read behind that answer, has nothing new: no read needed.
        const known = lastAnswers.get(tenant.dbName);
        let mark = known?.since === pinned && updates.unchangedSince(tenant.dbName, known.mark) ? known.mark : null;
        // Told of a change the read after it did not find: on a CouchDB cluster `_changes` reads one
        // copy of each shard, which may not hold a write yet (~50 ms; design/sync.md "On a CouchDB
        // cluster"). Read again shortly rather than park until the bound.
        let unseen = 0;
        try {
          const normal = new URLSearchParams(search);
          normal.delete('feed');
          normal.delete('timeout');
          const limit = Number(normal.get('limit') ?? Infinity);
          for (;;) {
            if (!mark) {
              mark = updates.mark(tenant.dbName);
              const { answer: changes, shared } = await readChanges(tenant.dbName, normal, selector);
              if (changes.results.length > 0) {
                // Remembered only as the end of the feed: not a read cut short by the poll's `limit`
                // (more follow), nor a shared one (it began before this mark; decision 171).
                if (mark && !shared && changes.results.length < limit)
                  lastAnswers.remember(tenant.dbName, { since: String(changes.last_seq), mark });
                return changes;
              }
              // A filtered read that matched nothing may still have scanned past `since` (only check-in
              // records changed): later reads, the empty answer and its mark go on from there. The
              // poll parks rather than answer empty at once: on an Apache cluster an empty read's
              // `last_seq` may only be another spelling of `since`, and answering would loop.
              if (selector && String(changes.last_seq) !== normal.get('since')) {
                normal.set('since', String(changes.last_seq));
                search.set('since', String(changes.last_seq));
              }
              if (unseen > 0 && unseen <= UNSEEN_CHANGE_PAUSES_MS.length) {
                const waited = await pauseUnless(UNSEEN_CHANGE_PAUSES_MS[unseen - 1], until, gone.signal);
                unseen += 1;
                if (waited) {
                  mark = null;
                  continue;
                }
              }
            }
            if (!updates.live) return upstream(Math.max(0, until - Date.now()));
            const left = until - Date.now();
            if (left <= 0 || gone.signal.aborted) break;
            const woke = await watch.wait(left, gone.signal);
            if (woke === 'timeout') break;
            if (woke === 'lost' && !updates.live) return upstream(Math.max(0, until - Date.now()));
            if (woke === 'changed') unseen = Math.max(unseen, 1);
            mark = null; // told of a change (or the feed came back): read again
          }
          if (mark) lastAnswers.remember(tenant.dbName, { since: search.get('since')!, mark });
          return nothingNew();
        } finally {
          watch.cancel();
        }
      });

    /** Pauses before reading again a change the updates feed told of but the read did not find (~1 s in all). */
    const UNSEEN_CHANGE_PAUSES_MS = [50, 150, 400];
    /** Waits `ms` unless the poll's bound comes first or its caller is gone; true when it waited the whole pause. */
    const pauseUnless = (ms: number, until: number, gone: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        if (gone.aborted || Date.now() + ms >= until) return resolve(false);
        const timer = setTimeout(() => resolve(!gone.aborted), ms);
        gone.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true });
      });

    /**
     * A normal `_changes` read, whole (the parked long-poll's read). Tablets of one gym catching up
     * together ask for the same batch at once: one read serves them all when it holds changes
     * (sync/shared-reads.ts); an empty one began before this poll asked, so the poll reads itself.
     * The key holds the query, `filter=_selector` included; the selector itself follows from the
     * tenant's kind, which its database name holds.
     */
    const changesReads = createSharedReads<{ results: unknown[]; last_seq: unknown }>();
    const readChanges = (dbName: string, search: URLSearchParams, selector: PullSelector | null) => {
      const call = changesCall(selector, search);
      return changesReads.read(
        `${dbName}?${call.search.toString()}`,
        () =>
          deps.couch.request({
            db: dbName,
            path: '_changes',
            method: call.method,
            qs: Object.fromEntries(call.search),
            ...(call.body ? { body: call.body } : {}),
          }) as Promise<{ results: unknown[]; last_seq: unknown }>,
        (changes) => changes.results.length > 0,
      );
    };

    tenantRoute('GET', '', async (request, h, tenant) => forward(request, h, tenant, '', allowedSearch(request, [])));

    tenantRoute('GET', '_changes', async (request, h, tenant) => {
      const search = allowedSearch(request, CHANGES_PARAMS);
      const feed = search.get('feed') ?? 'normal';
      if (!CHANGES_FEEDS.includes(feed)) throw forbidden();
      const selector = pullSelector(tenant.kind);
      if (feed === 'longpoll') return longPoll(request, h, tenant, search, selector);
      const call = changesCall(selector, search);
      return forward(request, h, tenant, '_changes', call.search, call.body);
    });

    tenantRoute('GET', '_all_docs', async (request, h, tenant) =>
      forward(request, h, tenant, '_all_docs', allowedSearch(request, ALL_DOCS_PARAMS)),
    );

    tenantRoute('POST', '_all_docs', async (request, h, tenant) =>
      forward(request, h, tenant, '_all_docs', allowedSearch(request, ALL_DOCS_PARAMS), allDocsBody(request.payload)),
    );

    tenantRoute('POST', '_bulk_docs', async (request, h, tenant) => {
      allowedSearch(request, []);
      const docs = bulkDocsOf(request.payload);
      if (!docs) throw forbidden();
      const now = deps.now();
      const clockOffsetMs = deviceClockOffsetMs(request.headers[DEVICE_CLOCK_HEADER], now);
      // One type per batch, by its documents; members' devices write nothing (sync/device-writes.ts).
      const rows = await writeDeviceBatch(deps, tenant, docs, { now, clockOffsetMs });
      if (!rows) throw forbidden();
      return h.response(rows).code(201);
    });

    // Everything else under /sync (design documents, _find, attachments, _local, other databases,
    // encoded or dotted paths that did not match a route above) is refused once the token is checked.
    // GET is listed on its own: the PWA's catch-all GET route would otherwise answer with the app.
    for (const method of ['GET', '*'] as const) {
      server.route({
        method,
        path: '/sync/{rest*}',
        options: {
          auth: 'access',
          ...(method === 'GET' ? {} : { payload: { parse: false, output: 'data' as const } }),
        },
        handler() {
          throw forbidden();
        },
      });
    }
  },
};
