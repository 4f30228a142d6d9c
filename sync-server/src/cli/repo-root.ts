import { fileURLToPath } from 'node:url';

/** The repository root (this file is sync-server/src/cli/repo-root.ts), whatever the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
