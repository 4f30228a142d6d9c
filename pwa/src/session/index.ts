// What other folders use from session/: who is signed in, the guards, and the session calls of §7.
// The token itself is api/'s (token-store.ts), since the http client sends it.
export { getPersist, setPersist } from './persist.ts';
export { RequireRole } from './require-role.tsx';
export { useRequireMember } from './require-sign-in.ts';
export { forgetAccountOnDevice, logout, refreshSession, signIn } from './session-api.ts';
export { SessionProvider, useSession } from './session-context.tsx';
