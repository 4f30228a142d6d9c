/**
 * Hooks and helpers shared by features (issue 25). They know no feature: lint refuses an import from
 * a feature folder here, and features import them through this file only.
 */
export { useDirectoryLoad } from './use-directory-load.ts';
export { useNow } from './use-now.ts';
export { usePaintedOnce } from './use-painted-once.ts';
export { useUkToday } from './use-uk-today.ts';
export { useUniqueId } from './use-unique-id.ts';
