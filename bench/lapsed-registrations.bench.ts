/**
 * Lapsed registrations (issue 22, design/auth.md "Unverified registrations"): what freeing a claim
 * held by a registration nobody verified costs.
 *  1. POST /api/register/user taking over the email and mobile of a lapsed registration (the
 *     holder retired: marked, profile, claims, account and link removed, then the claims written
 *     afresh), next to a plain registration of a fresh email and mobile in the same run, alternating.
 *     Through `server.inject` from a new client address each time (the per-address limit allows 10 an
 *     hour), on a database that also holds 2,000 verified members.
 *  2. The sweeper's part: a run with nothing lapsed (what every instance pays every 15 minutes; the
 *     `by-type-verified-created` index must not read the 2,000 verified accounts), next to the
 *     expired-documents sweep with nothing to do; then one run removing 200 lapsed registrations.
 * Run: npx tsx bench/lapsed-registrations.bench.ts
 */
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import type { Deps } from '../sync-server/src/deps.ts';
import { createLogger } from '../sync-server/src/logging/logger.ts';
import { createAccount } from '../sync-server/src/services/accounts/index.ts';
import { sweepLapsedRegistrations } from '../sync-server/src/services/account-lifecycle/index.ts';
import { SWEEP_GRACE_MS, sweepExpiredDocs, VERIFICATION_WINDOW_MS } from '../sync-server/src/services/auth/index.ts';
import { createMailer } from '../sync-server/src/services/mail/index.ts';
import { createStripeClient } from '../sync-server/src/services/payments/index.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, timed, verdict, type Summary } from './support/stats.ts';

const VERIFIED_MEMBERS = 2_000;
const REGISTRATIONS = 30;
const WARM_UP = 3;
const IDLE_SWEEPS = 30;
const SWEPT = 200;
/** A take-over frees two claims and removes an account on top of a registration: at most twice a plain one. */
const TARGET_TAKEOVER_RATIO = 2;
/** The idle sweep runs every 15 minutes on every instance: it must cost next to nothing. */
const TARGET_IDLE_SWEEP_P95_MS = 50;

const row = (label: string, s: Summary) =>
  `${label.padEnd(58)} n=${String(s.n).padStart(3)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}`;

await runBench(
  'Lapsed registrations: taking over their claims, sweeping them',
  async (cleanup) => {
    const stack = await startBenchStack();
    cleanup(() => stack.stop());
    const deps: Deps = {
      config: stack.config,
      couch: stack.couch,
      logger: createLogger({ production: false, level: 'silent' }),
      mailer: createMailer({
        couch: stack.couch,
        from: stack.config.mailFrom,
        outboxDir: stack.config.outboxDir,
        log: () => {},
      }),
      stripe: createStripeClient(stack.config.stripe),
      now: () => new Date(),
    };

    // 2,000 verified members written straight in (no argon2: their passwords are never used here).
    const accounts = stack.couch.use<AccountDoc>(DB.accounts);
    const createdAt = new Date(Date.now() - 30 * VERIFICATION_WINDOW_MS).toISOString();
    for (let start = 0; start < VERIFIED_MEMBERS; start += 500) {
      await accounts.bulk({
        docs: Array.from({ length: 500 }, (_, i) => {
          const profileId = (start + i).toString(16).padStart(24, 'a');
          return {
            _id: accountDocId(profileId),
            type: 'account' as const,
            kind: 'user' as const,
            profileId,
            email: `verified${start + i}@example.com`,
            mobile: '',
            mobileKey: '',
            passwordHash: null,
            verified: true,
            createdAt,
            verifiedAt: createdAt,
          };
        }),
      });
    }

    let n = 0;
    const mobileOf = (i: number) => `07${String(i).padStart(9, '0')}`;
    /** A registration made a window and a minute ago and never verified (no password: the bench never signs it in). */
    const lapsed = async (email: string, mobile: string) =>
      createAccount(
        stack.couch,
        { kind: 'user', email, mobile, pwd: null, firstName: 'Squatter' },
        { verified: false, now: new Date(Date.now() - VERIFICATION_WINDOW_MS - 60_000) },
      );
    const register = async (email: string, mobile: string) => {
      n += 1;
      const res = await stack.server.inject({
        method: 'POST',
        url: '/api/register/user',
        payload: {
          firstName: 'Owner',
          email,
          mobile,
          pwd: 'Str0ng!Pass',
          termsOfUseAccepted: true,
          detailsAreConfirmed: true,
        },
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
      if (res.statusCode !== 201) throw new Error(`registration answered ${res.statusCode}: ${res.payload}`);
    };

    const plain: number[] = [];
    const takeover: number[] = [];
    for (let i = 0; i < WARM_UP + REGISTRATIONS; i += 1) {
      const squatted = { email: `owner${i}@example.com`, mobile: mobileOf(100_000 + i) };
      await lapsed(squatted.email, squatted.mobile);
      const fresh = { email: `fresh${i}@example.com`, mobile: mobileOf(200_000 + i) };
      const timePlain = async () => (await timed(() => register(fresh.email, fresh.mobile))).ms;
      const timeTakeover = async () => (await timed(() => register(squatted.email, squatted.mobile))).ms;
      // Alternate which goes first, so neither always runs on a warmer cache.
      let plainMs: number, takeoverMs: number;
      if (i % 2) {
        plainMs = await timePlain();
        takeoverMs = await timeTakeover();
      } else {
        takeoverMs = await timeTakeover();
        plainMs = await timePlain();
      }
      if (i >= WARM_UP) {
        plain.push(plainMs);
        takeover.push(takeoverMs);
      }
    }

    const idle: number[] = [];
    const idleBase: number[] = [];
    // The first query of an index brings it up to date (the embedded server builds it lazily): not what a sweep pays.
    await sweepLapsedRegistrations(deps, SWEEP_GRACE_MS);
    await sweepExpiredDocs(deps);
    for (let i = 0; i < IDLE_SWEEPS; i += 1) {
      idle.push((await timed(() => sweepLapsedRegistrations(deps, SWEEP_GRACE_MS))).ms);
      idleBase.push((await timed(() => sweepExpiredDocs(deps))).ms);
    }

    const old = new Date(Date.now() - VERIFICATION_WINDOW_MS - SWEEP_GRACE_MS - 60_000);
    for (let i = 0; i < SWEPT; i += 1)
      await createAccount(
        stack.couch,
        { kind: 'user', email: `swept${i}@example.com`, mobile: mobileOf(300_000 + i), pwd: null, firstName: 'S' },
        { verified: false, now: old },
      );
    const sweep = await timed(() => sweepLapsedRegistrations(deps, SWEEP_GRACE_MS, SWEPT));
    if (sweep.value.removed !== SWEPT) throw new Error(`swept ${sweep.value.removed} of ${SWEPT}`);

    const s = {
      plain: summarise(plain),
      takeover: summarise(takeover),
      idle: summarise(idle),
      idleBase: summarise(idleBase),
    };
    console.log(row('POST /api/register/user, fresh email and mobile (baseline)', s.plain));
    console.log(row('POST /api/register/user over a lapsed registration', s.takeover));
    console.log(
      `take-over / plain: p50 ${ratio(s.takeover.p50, s.plain.p50)}, p95 ${ratio(s.takeover.p95, s.plain.p95)}`,
    );
    console.log(row(`lapsed-registration sweep, nothing lapsed (${VERIFIED_MEMBERS} verified)`, s.idle));
    console.log(row('expired-documents sweep, nothing expired (baseline)', s.idleBase));
    console.log(`one sweep removing ${SWEPT} lapsed registrations: ${ms(sweep.ms)} = ${ms(sweep.ms / SWEPT)} each`);
    verdict(
      `a take-over registration p50 ≤ ${TARGET_TAKEOVER_RATIO}× a plain one`,
      s.takeover.p50 <= TARGET_TAKEOVER_RATIO * s.plain.p50,
      ratio(s.takeover.p50, s.plain.p50),
    );
    verdict(
      `an idle lapsed-registration sweep p95 ≤ ${TARGET_IDLE_SWEEP_P95_MS} ms`,
      s.idle.p95 <= TARGET_IDLE_SWEEP_P95_MS,
      ms(s.idle.p95),
    );
  },
  'none (server.inject and direct service calls)',
);
