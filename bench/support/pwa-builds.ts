import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withProductionNodeEnv } from '../../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../../sync-server/src/cli/repo-root.ts';
import type { Cleanup } from './run.ts';

/** A production build of the PWA whose checkout is `root` (this tree, or a baseline's extract). */
export async function buildPwa(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  await withProductionNodeEnv(() =>
    build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } }),
  );
}

/**
 * A production build of the PWA as it was at `ref` (the same-run baseline of the page benches): the
 * PWA's sources at that commit, built with this tree's node_modules. Returns the build's folder.
 */
export async function buildBaselinePwa(ref: string, cleanup: Cleanup): Promise<string> {
  const baseRoot = mkdtempSync(path.join(os.tmpdir(), 'mastr-pwa-baseline-'));
  cleanup(async () => rmSync(baseRoot, { recursive: true, force: true }));
  execSync(
    `git archive ${ref} pwa rules vite.config.ts manifest.webmanifest package.json tsconfig.json | tar -x -C ${baseRoot}`,
    { cwd: REPO_ROOT },
  );
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(baseRoot, 'node_modules'));
  const baseOut = path.join(baseRoot, 'out');
  await buildPwa(baseRoot, baseOut);
  return baseOut;
}
