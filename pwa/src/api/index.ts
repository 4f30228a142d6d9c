// The api folder's public surface: what other folders may import from it.
export { ApiError, callApi, refreshAccess, setRefresher, statusOf } from './http.ts';
export { decodeUserInfo, sessionIdOf, tokenStore, type SessionState, type UserInfo } from './token-store.ts';
