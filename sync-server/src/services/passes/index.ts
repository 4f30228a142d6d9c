// The passes domain's public surface: what other folders may import from it.
export { type DecidedCheckIn, type NewCheckIn, recordCheckIns } from './check-in-service.ts';
export { cancelDayPassForGym, checkInOnline } from './front-desk-service.ts';
export { passSigner } from './pass-signing.ts';
export {
  createDayPass,
  createMastrPass,
  ensureSigningKeysDoc,
  type PassesDeps,
  type PassMember,
} from './passes-service.ts';
export {
  allMastrPassList,
  dayPassView,
  expiredDayPassList,
  passFacts,
  mastrPassView,
  unassignedMastrPassList,
  upcomingDayPassList,
  upcomingMastrPassList,
  type DayPassFacts,
  type MastrPassFacts,
  type PassFacts,
} from './pass-views.ts';
