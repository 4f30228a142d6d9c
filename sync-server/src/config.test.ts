import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDecodeLimits, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env } as NodeJS.ProcessEnv);
const secrets = {
  JWT_ACCESS_SECRET: 'x'.repeat(40),
  COOKIE_SECRET: 'y'.repeat(40),
  PASS_SIGNING_KEY: 'k',
  COUCHDB_URL: 'http://admin:pw@couch.internal:5984',
};

describe('payment settings', () => {
  it('uses the local test provider with generated credentials when no Stripe keys are set', () => {
    const { stripe } = load({});
    expect(stripe).toMatchObject({ mode: 'local-test', testProviderPort: 12111 });
    expect(stripe.secretKey).toMatch(/^sk_test_local_/);
    expect(stripe.webhookSecret).toMatch(/^whsec_local_/);
    expect(load({ STRIPE_TEST_PROVIDER_PORT: '0' }).stripe.testProviderPort).toBe(0);
  });

  it('talks to Stripe in test or live mode according to the key, and needs both key and secret', () => {
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toMatchObject({
      mode: 'test',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(load({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe.mode).toBe('live');
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/both/);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/both/);
  });

  it('refuses to run production without Stripe keys', () => {
    expect(() => load({ NODE_ENV: 'production', ...secrets })).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      load({ NODE_ENV: 'production', ...secrets, STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' })
        .stripe.mode,
    ).toBe('live');
  });

  it('documents fee defaults and reads overrides, refusing nonsense', () => {
    expect(load({}).fees).toEqual({
      platformFeePercent: 10,
      platformFeeMinPence: 30,
      gymSpacePercent: 15,
      basicPlanPricePence: 2999,
    });
    expect(load({ PLATFORM_FEE_PERCENT: '12.5', BASIC_PLAN_PRICE_PENCE: '4999' }).fees).toMatchObject({
      platformFeePercent: 12.5,
      basicPlanPricePence: 4999,
    });
    expect(() => load({ PLATFORM_FEE_PERCENT: '150' })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => load({ PLATFORM_FEE_MIN_PENCE: '2.5' })).toThrow(/PLATFORM_FEE_MIN_PENCE/);
    expect(() => load({ BASIC_PLAN_PRICE_PENCE: 'abc' })).toThrow(/BASIC_PLAN_PRICE_PENCE/);
  });
});

describe('password hashing cost', () => {
  it('refuses the test runs’ argon2 cost in production', () => {
    const production = {
      NODE_ENV: 'production',
      ...secrets,
      STRIPE_SECRET_KEY: 'sk_live_a',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
    };
    expect(() => load({ ...production, MASTR_PASSWORD_HASH_COST: 'test' })).toThrow(/MASTR_PASSWORD_HASH_COST=test/);
    expect(() => load(production)).not.toThrow();
  });
});

describe('CouchDB settings', () => {
  it('refuses to run production without COUCHDB_URL, with a message that says why', () => {
    const { COUCHDB_URL: _, ...withoutCouch } = secrets;
    expect(() => load({ NODE_ENV: 'production', ...withoutCouch })).toThrow(/COUCHDB_URL must be set in production/);
  });

  it('gives the embedded server an admin password kept with the other development secrets', () => {
    const first = load({});
    expect(first.couchUrl).toBeUndefined();
    expect(first.embeddedCouchPassword).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(load({}).embeddedCouchPassword).toBe(first.embeddedCouchPassword);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(stored.couchAdminPassword).toBe(first.embeddedCouchPassword);
    // Set development secrets do not stop the embedded server getting its password.
    expect(load({ ...secrets, COUCHDB_URL: '' }).embeddedCouchPassword).toBe(first.embeddedCouchPassword);
  });

  it('uses COUCHDB_URL as given and no embedded password when it is set', () => {
    const config = load({ COUCHDB_URL: 'http://admin:pw@127.0.0.1:5984' });
    expect(config.couchUrl).toBe('http://admin:pw@127.0.0.1:5984');
    expect(config.embeddedCouchPassword).toBeUndefined();
  });
});

describe('load settings', () => {
  it('gives each client a budget and each instance an in-flight cap by default, which the environment can change', () => {
    const defaults = load({});
    expect(defaults.clientBudgets).toEqual({
      perAddress: { burst: 100, perSecond: 20 },
      perAccount: { burst: 100, perSecond: 20 },
    });
    expect(defaults.maxInFlightRequests).toBe(256);
    const set = load({
      ADDRESS_BUDGET_BURST: '40',
      ADDRESS_BUDGET_PER_SECOND: '2.5',
      ACCOUNT_BUDGET_BURST: '300',
      ACCOUNT_BUDGET_PER_SECOND: '50',
      MAX_IN_FLIGHT_REQUESTS: '64',
    });
    expect(set.clientBudgets).toEqual({
      perAddress: { burst: 40, perSecond: 2.5 },
      perAccount: { burst: 300, perSecond: 50 },
    });
    expect(set.maxInFlightRequests).toBe(64);
    expect(() => load({ ADDRESS_BUDGET_BURST: '0' })).toThrow(/ADDRESS_BUDGET_BURST/);
    expect(() => load({ ACCOUNT_BUDGET_PER_SECOND: '-1' })).toThrow(/ACCOUNT_BUDGET_PER_SECOND/);
    expect(() => load({ MAX_IN_FLIGHT_REQUESTS: '1.5' })).toThrow(/MAX_IN_FLIGHT_REQUESTS/);
  });
});

describe('image decode settings', () => {
  it('uses half the cores and half of libuv pool, at least one slot', () => {
    expect(defaultDecodeLimits(2, 4)).toEqual({ slots: 1, queue: 4 });
    expect(defaultDecodeLimits(1, 4)).toEqual({ slots: 1, queue: 4 });
    expect(defaultDecodeLimits(16, 4)).toEqual({ slots: 2, queue: 6 });
    expect(defaultDecodeLimits(16, 16)).toEqual({ slots: 8, queue: 18 });
  });
});
