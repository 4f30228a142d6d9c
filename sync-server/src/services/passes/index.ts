// The passes domain's public surface: what other folders may import from it.
export { type NewCheckIn, recordCheckIns } from './check-in-service.ts';
export { cancelDayPassForGym, checkInOnline } from './front-desk-service.ts';
export { passSigner } from './pass-signing.ts';
export { mastrPassView } from './pass-views.ts';
export {
  createDayPass,
  createMastrPass,
  ensureSigningKeysDoc,
  type PassesDeps,
  type PassMember,
} from './passes-service.ts';
