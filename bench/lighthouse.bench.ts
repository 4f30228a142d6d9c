/**
 * Lighthouse from outside (issue 27: mobile performance ≥ 95, median of 3 runs, and CLS ≤ 0.02 on
 * `/`, `/gyms`, the demo gym's profile, the demo coach's profile and `/auth`). Lighthouse 12 drives
 * Debian's Chromium (headless, a fresh browser per run, so no cache or service worker carries over)
 * against the app as `npm start` serves it: the built PWA, Hapi, the demo data. Mobile is
 * Lighthouse's default preset (simulated slow 4G and 4× CPU slowdown), desktop its desktop preset.
 * The same-run baseline: a minimal static page (no script, no stylesheet) served by the same server,
 * the score this box and these presets allow at best.
 * Run: npx tsx bench/lighthouse.bench.ts   (LIGHTHOUSE_RUNS=1 for a quick look, LIGHTHOUSE_FORMS=mobile,
 * LIGHTHOUSE_PAGES=baseline,gym for some pages only)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { startAppServer } from '../e2e/support/app-server.ts';
import { buildPwaIfStale } from '../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { DEMO_COACHES, DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { runBenchIn } from './support/run.ts';
import { figure, percentile, verdict } from './support/stats.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const FORMS = (process.env.LIGHTHOUSE_FORMS ?? 'mobile,desktop').split(',') as Form[];
const TARGET_SCORE = 95;
const TARGET_CLS = 0.02;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASELINE_FILE = 'lighthouse-baseline.html';

type Form = 'mobile' | 'desktop';

const ALL_PAGES = [
  { name: 'baseline (static page)', path: `/${BASELINE_FILE}` },
  { name: '/', path: '/' },
  { name: '/gyms', path: '/gyms' },
  { name: 'gym profile', path: `/gyms/${DEMO_GYM.profileId}` },
  { name: 'coach profile', path: `/coaches/${DEMO_COACHES[0].profileId}` },
  { name: '/auth', path: '/auth' },
];
/** LIGHTHOUSE_PAGES=baseline,gym picks pages by a word of their name (for a quick look at one page). */
const PAGE_FILTER = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** LIGHTHOUSE_SAVE=dir keeps each run's full report (JSON) there, to read the LCP element and long tasks. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
let savedRuns = 0;
const PAGES = PAGE_FILTER
  ? ALL_PAGES.filter((page) => PAGE_FILTER.some((word) => page.name.includes(word)))
  : ALL_PAGES;

/** The figures one Lighthouse run gives a page. */
interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The audits Lighthouse flagged (scored below 0.9), for the page's notes. */
  flagged: string[];
}

const BASELINE_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Lighthouse baseline: the least a page can be." />
    <title>Baseline</title>
  </head>
  <body>
    <h1>Mastr your game</h1>
    <p>The Digital Marketplace for Combat Sport Gyms and PT's.</p>
  </body>
</html>
`;

async function lighthouseRun(url: string, form: Form): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'],
  });
  try {
    const config: Config | undefined = form === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      writeFileSync(path.join(SAVE_DIR, `${form}-${++savedRuns}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    // The classic audits only: the newer '-insight' ones repeat them under other names.
    const flagged = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          !audit.id.endsWith('-insight') &&
          ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
      )
      .map((audit) => audit.id);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      flagged,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => percentile(values, 50);
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

await runBenchIn(
  `Lighthouse performance (${FORMS.join(' and ')}), median of ${RUNS} runs per page`,
  `Lighthouse 12 · Debian Chromium headless=new, a fresh browser per run · loopback server with the demo data, CouchDB: embedded (memory)`,
  async (cleanup) => {
    await buildPwaIfStale(REPO_ROOT);
    const baselineFile = path.join(REPO_ROOT, 'pwa', 'dist', BASELINE_FILE);
    writeFileSync(baselineFile, BASELINE_HTML);
    cleanup(async () => rmSync(baselineFile, { force: true }));
    const app = await startAppServer();
    cleanup(() => app.stop());

    let allMet = true;
    for (const form of FORMS) {
      console.log(`\n## ${form}\n`);
      console.log(
        `${'page'.padEnd(24)} ${'score'.padStart(5)} ${'(runs)'.padEnd(14)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'max CLS'.padStart(7)}`,
      );
      for (const page of PAGES) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(`${app.url}${page.path}`, form));
        const score = median(runs.map((r) => r.score));
        const maxCls = Math.max(...runs.map((r) => r.cls));
        console.log(
          `${page.name.padEnd(24)} ${String(score).padStart(5)} ${`(${runs.map((r) => r.score).join(' ')})`.padEnd(14)} ` +
            `${seconds(median(runs.map((r) => r.fcp))).padStart(7)} ${seconds(median(runs.map((r) => r.lcp))).padStart(7)} ` +
            `${`${median(runs.map((r) => r.tbt)).toFixed(0)} ms`.padStart(7)} ${median(runs.map((r) => r.cls))
              .toFixed(3)
              .padStart(6)} ${maxCls.toFixed(3).padStart(7)}`,
        );
        // Each audit once, with how many of the runs flagged it.
        const counts = new Map<string, number>();
        for (const id of runs.flatMap((r) => r.flagged)) counts.set(id, (counts.get(id) ?? 0) + 1);
        if (counts.size)
          console.log(`${''.padEnd(26)}flagged: ${[...counts].map(([id, n]) => `${id} ${n}/${RUNS}`).join(', ')}`);
        const key =
          page.path === `/${BASELINE_FILE}`
            ? 'baseline'
            : page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';
        figure(`lighthouse-${form}-${key}`, score, 'score');
        figure(`lighthouse-${form}-${key}-cls`, maxCls, 'cls');
        if (page.path === `/${BASELINE_FILE}`) continue;
        if (maxCls > TARGET_CLS) allMet = false;
        if (form === 'mobile' && score < TARGET_SCORE) allMet = false;
      }
    }
    verdict(
      `mobile performance ≥ ${TARGET_SCORE} (median) and CLS ≤ ${TARGET_CLS} (every run) on every page`,
      allMet,
      allMet ? 'all pages' : 'see the table',
    );
  },
);
