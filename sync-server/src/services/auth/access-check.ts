import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { sessionIsLive } from './refresh-sessions.ts';

/**
 * How long one instance trusts its last answer to "is this token's account and session still
 * current?". Logout, account deletion or a role change thus end a token at once on the instance that
 * handled them and within this window on every other (design/auth.md "Access tokens").
 */
export const ACCESS_CHECK_WINDOW_MS = 10_000;
/** Entries kept per instance; the oldest are dropped first. */
const MAX_ENTRIES = 10_000;

interface TokenSubject {
  profileId: string;
  kind: AccountKind;
  sid: string;
}

interface Entry {
  current: Promise<boolean>;
  checkedAt: number;
}

export interface AccessCheck {
  /** True while the account exists with this kind and the token's refresh session is live. */
  isCurrent(subject: TokenSubject): Promise<boolean>;
  /** Drops what this instance remembers about a session (it was just logged out here). */
  forgetSession(sid: string): void;
  /** Drops what this instance remembers about an account (it was just deleted or changed here). */
  forgetAccount(profileId: string): void;
}

function createAccessCheck(deps: Pick<Deps, 'couch' | 'now'>): AccessCheck {
  const entries = new Map<string, Entry>();
  const keyOf = ({ profileId, kind, sid }: TokenSubject) => `${profileId}|${kind}|${sid}`;
  const forget = (matches: (key: string) => boolean) => {
    for (const key of entries.keys()) if (matches(key)) entries.delete(key);
  };

  async function lookUp({ profileId, kind, sid }: TokenSubject): Promise<boolean> {
    const [account, live] = await Promise.all([
      getAccount(deps.couch, profileId),
      sessionIsLive(deps.couch, sid, profileId, deps.now()),
    ]);
    return !!account && account.kind === kind && live;
  }

  return {
    isCurrent(subject) {
      const key = keyOf(subject);
      const now = deps.now().getTime();
      const known = entries.get(key);
      if (known && now - known.checkedAt < ACCESS_CHECK_WINDOW_MS) return known.current;
      // Concurrent requests with one token share one lookup; a failed lookup is not remembered.
      const current = lookUp(subject);
      entries.delete(key);
      entries.set(key, { current, checkedAt: now });
      current.catch(() => {
        if (entries.get(key)?.current === current) entries.delete(key);
      });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return current;
    },
    forgetSession(sid) {
      forget((key) => key.endsWith(`|${sid}`));
    },
    forgetAccount(profileId) {
      forget((key) => key.startsWith(`${profileId}|`));
    },
  };
}

const checks = new WeakMap<object, AccessCheck>();

/** The access check of one server instance (its deps), shared by the auth strategy and the routes that end sessions. */
export function accessCheckFor(deps: Pick<Deps, 'couch' | 'now'>): AccessCheck {
  let check = checks.get(deps);
  if (!check) {
    check = createAccessCheck(deps);
    checks.set(deps, check);
  }
  return check;
}
