import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { landingPathPattern, PAGE_HINTS_FILE, type PageHints } from '@mastr/rules/page-hints.ts';

interface Landing {
  pattern: RegExp;
  html: string;
}

/**
 * index.html as a landing page is answered (issue 27, design/decisions.md 189): with `<link>`s naming
 * the page's own scripts and stylesheets, so the browser fetches them while it parses the HTML. The
 * app's preload then finds them already in the document and adds nothing (one long task less on a
 * phone). Read from the built app, again whenever index.html changes (a rebuild); without the hints
 * file (an older build, a test's app) every path gets index.html as it is.
 */
export function createLandingPages(dist: string) {
  const indexFile = path.join(dist, 'index.html');
  let read: { mtimeMs: number; landings: Landing[] } | null = null;

  function landings(): Landing[] {
    const { mtimeMs } = statSync(indexFile);
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, landings: readLandings(dist, indexFile) };
    return read.landings;
  }

  return {
    /** The HTML to answer `pathname` with when it is a landing page; null for index.html as it is. */
    htmlFor(pathname: string): string | null {
      return landings().find(({ pattern }) => pattern.test(pathname))?.html ?? null;
    },
  };
}

function readLandings(dist: string, indexFile: string): Landing[] {
  let hints: PageHints;
  try {
    hints = JSON.parse(readFileSync(path.join(dist, PAGE_HINTS_FILE), 'utf8')) as PageHints;
  } catch {
    return [];
  }
  const html = readFileSync(indexFile, 'utf8');
  if (!html.includes('</head>')) return [];
  return Object.entries(hints).map(([landingPath, { scripts, styles }]) => {
    // As Vite writes index.html's own: `crossorigin`, so the module loader reuses what was fetched.
    const preloads = scripts.filter(isAsset).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const sheets = styles.filter(isAsset).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
    return {
      pattern: landingPathPattern(landingPath),
      html: html
        .replace('</head>', `${preloads.join('\n')}\n</head>`)
        .replace('</body>', `${sheets.join('\n')}\n</body>`),
    };
  });
}

/** A built asset's name: nothing else is written into the HTML. */
const isAsset = (file: string) => /^assets\/[\w.-]+\.(js|css)$/.test(file);
