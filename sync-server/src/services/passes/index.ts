// The passes domain's public surface: what other folders may import from it.
export { type DecidedCheckIn, type NewCheckIn, recordCheckIns } from './check-in-service.ts';
export { CANCEL_REFUSALS, cancelDayPassAs } from './day-pass-cancellation.ts';
export { cancelDayPassForGym, checkInOnline } from './front-desk-service.ts';
export {
  tellMastrClassBooked,
  tellMastrClassCancelled,
  tellPassBought,
  tellPassCancelled,
} from './pass-notifications.ts';
export { passSigner } from './pass-signing.ts';
export {
  allMastrPassList,
  type DayPassFacts,
  dayPassView,
  expiredDayPassList,
  type MastrPassFacts,
  mastrPassView,
  passFacts,
  type PassFacts,
  unassignedMastrPassList,
  upcomingDayPassList,
  upcomingMastrPassList,
} from './pass-views.ts';
export {
  createDayPass,
  createMastrPass,
  ensureSigningKeysDoc,
  type PassesDeps,
  type PassMember,
} from './passes-service.ts';
