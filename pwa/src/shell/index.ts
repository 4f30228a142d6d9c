// What other folders use from shell/, the app's frame; app.tsx loads the unauthorized page lazily
// by its own file (decision 187).
export { Layout } from './layout.tsx';
export type { NavItem } from './nav-items.ts';
export { PageNotFound } from './page-not-found.tsx';
export { Splash } from './splash.tsx';
export { TestModeBadge } from './test-mode-badge.tsx';
export { UpdatePrompt } from './update-prompt.tsx';
export { useGoBack } from './use-go-back.ts';
