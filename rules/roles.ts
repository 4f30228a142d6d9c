/** Role codes carried in the access token (§6, §9). */
export const ROLES = { user: 6969, gym: 1984, coach: 2001 } as const;

export type AccountKind = keyof typeof ROLES;

export const ACCOUNT_KINDS: readonly AccountKind[] = ['user', 'coach', 'gym'];

/** Whose tenant database a device replicates: one per gym, member ('user' account) and coach. */
export type TenantKind = 'gym' | 'member' | 'coach';

/** Members ('user' accounts) replicate their member database; gyms and coaches their own. */
export function tenantKindOf(kind: AccountKind): TenantKind {
  return kind === 'user' ? 'member' : kind;
}

/** The plural path segment the API and routes use for each kind (/api/users/..., /coaches/..., /gyms/...). */
export const KIND_PLURAL = {
  user: 'users',
  coach: 'coaches',
  gym: 'gyms',
} as const satisfies Record<AccountKind, string>;

/** Where a kind lands after signing in when no origin was remembered (§9). */
export const DEFAULT_HOME: Record<AccountKind, string> = {
  user: '/',
  coach: '/coachdashboard',
  gym: '/gymdashboard',
};

/** The sign-in screen a guard sends a signed-out visitor to (§6). */
export const SIGN_IN_PATH: Record<AccountKind, string> = {
  user: '/auth/user',
  coach: '/auth/coach',
  gym: '/auth/gym',
};

export function hasRole(roles: readonly number[] | undefined, kind: AccountKind): boolean {
  return !!roles && roles.includes(ROLES[kind]);
}

export function kindOfRoles(roles: readonly number[]): AccountKind | undefined {
  return ACCOUNT_KINDS.find((k) => roles.includes(ROLES[k]));
}
