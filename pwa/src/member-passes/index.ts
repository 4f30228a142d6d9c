// The member-passes folder's public surface: what other folders may import from it.
export { MemberPassesLayout } from './member-passes-layout.tsx';
export type { MemberDayPass } from './member-passes-model.ts';
export { MemberDayPassesPage, MemberMastrPassesPage } from './member-passes-pages.tsx';
