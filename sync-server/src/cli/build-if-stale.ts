import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything the PWA bundle is built from, relative to the repository root. */
const PWA_SOURCES = [
  'pwa/src',
  'pwa/public',
  'pwa/index.html',
  'pwa/page-hints-plugin.ts',
  'pwa/renderer-aliases.ts',
  'rules',
  'vite.config.ts',
  'manifest.webmanifest',
];
/** Written last by a successful build, so its time is the build's time. */
const BUILT_MARKER = 'pwa/dist/index.html';

export type Staleness = 'missing' | 'outdated' | null;

/** Why the PWA must be (re)built — no build yet, or a source newer than it — or null when it is current. */
export function pwaStaleness(builtAtMs: number | null, newestSourceMs: number): Staleness {
  if (builtAtMs === null) return 'missing';
  return newestSourceMs > builtAtMs ? 'outdated' : null;
}

/** The latest modification time (ms) of the given files and of everything under the given directories; 0 if none exist. */
export function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stats;
    try {
      stats = statSync(p);
    } catch {
      return; // an optional source (pwa/public, say) may be absent
    }
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry));
  };
  paths.forEach(visit);
  return newest;
}

function builtAt(repoRoot: string): number | null {
  try {
    return statSync(path.join(repoRoot, BUILT_MARKER)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Builds pwa/dist with Vite when it is missing or older than its sources; true when it built.
 * Vite is imported only then, so a deployment that ships a built pwa/dist needs no dev tools.
 */
export async function buildPwaIfStale(repoRoot: string, log: (line: string) => void = console.log): Promise<boolean> {
  const staleness = pwaStaleness(builtAt(repoRoot), newestMtime(PWA_SOURCES.map((p) => path.join(repoRoot, p))));
  if (!staleness) return false;
  log(staleness === 'missing' ? 'Building the PWA (first run)…' : 'Rebuilding the PWA (sources changed)…');
  const { build } = await import('vite');
  await withProductionNodeEnv(() => build({ configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'warn' }));
  return true;
}

/**
 * Runs `work` with NODE_ENV=production, then restores the caller's value. Vite keeps a NODE_ENV it
 * finds set, and test runners set it to 'test': a build started from vitest (the e2e global setup)
 * would otherwise bundle React's development build and JSX dev runtime (~70% more JavaScript), and
 * `npm start` would later serve that build, since its sources have not changed.
 */
export async function withProductionNodeEnv<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
