/**
 * The schedule-edit bench page, run in Chromium (schedule-edit.browser.bench.ts): the PWA's own
 * tenant store for the 10,000-pass bench gym, opened as the app opens it, and the Schedule page's
 * edit path (`addClass` from `store.schedule.weeks()`, `store.schedule.saveWeek`) timed until the
 * page's live weeks (`store.schedule.watchWeeks`) show the class, next to a raw Dexie put of the same
 * week into a bare table of the same browser, alternating.
 */
import { Dexie } from 'dexie';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { openTenantStore, type OpenedTenantStore } from '../../../pwa/src/data/tenant-store.ts';
import { addClass } from '../../../pwa/src/gym-schedule/schedule-model.ts';
import type { EditSeries, ScheduleEditBenchPage } from './schedule-edit-api.ts';

const H = 3600;
const IDLE_MS = 10;
const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));
let store: OpenedTenantStore | null = null;

const bench: ScheduleEditBenchPage = {
  async open({ gymId, token }) {
    store = await openTenantStore({
      kind: 'gym',
      tenantId: gymId,
      getAccessToken: () => token,
      refresh: async () => token,
    });
    const opened = store;
    await new Promise<void>((resolve) => {
      const subscription = opened.status$.subscribe((status) => {
        if (!status.firstSync.done) return;
        resolve();
        queueMicrotask(() => subscription.unsubscribe());
      });
    });
    return opened.collection.count().exec();
  },
  async offline() {
    const opened = store!;
    await new Promise<void>((resolve) => {
      const subscription = opened.status$.subscribe((status) => {
        if (status.online) return;
        resolve();
        queueMicrotask(() => subscription.unsubscribe());
      });
    });
  },
  async edit({ gymId, warmUp, count }): Promise<EditSeries> {
    const opened = store!;
    const raw = new Dexie(`bench-raw-${Date.now()}`);
    raw.version(1).stores({ docs: 'id' });
    await raw.open();
    let shown: ScheduleWeekDoc[] = [];
    let waiting: { classId: string; resolve(): void } | null = null;
    const isShown = (classId: string) =>
      shown.some((w) => w.days.some((d) => d.classes.some((c) => c._id === classId)));
    const subscription = opened.schedule.watchWeeks().subscribe((weeks) => {
      shown = weeks;
      if (waiting && isShown(waiting.classId)) waiting.resolve();
    });
    let n = 0;
    const series: EditSeries = { visible: [], saved: [], raw: [], weekBytes: 0 };
    let last: ScheduleWeekDoc | null = null;
    try {
      for (let i = 0; i < warmUp + count; i += 1) {
        await idle();
        const classId = `bench${String(++n).padStart(10, '0')}`;
        const start = (4.5 + (i % 30) * 0.5) * H;
        const tapped = performance.now();
        const visible = new Promise<void>((resolve) => (waiting = { classId, resolve }));
        const result = addClass(
          await opened.schedule.weeks(),
          'nextWeek',
          (i % 7) + 1,
          {
            startTime: start,
            endTime: start + H,
            discipline: 'Boxing',
            difficulty: 'Any',
            location: 'Mat',
            kidsClass: false,
          },
          { gymId, now: new Date(), newId: () => classId },
        );
        if (!result.ok) throw new Error(result.message);
        await opened.schedule.saveWeek(result.doc);
        const savedMs = performance.now() - tapped;
        if (isShown(classId)) waiting!.resolve();
        await visible;
        const visibleMs = performance.now() - tapped;
        last = result.doc;
        await idle();
        const putStart = performance.now();
        await raw.table('docs').put({ ...last, id: `raw-${i}` });
        const rawMs = performance.now() - putStart;
        if (i < warmUp) continue;
        series.visible.push(visibleMs);
        series.saved.push(savedMs);
        series.raw.push(rawMs);
      }
    } finally {
      subscription.unsubscribe();
      await raw.delete();
    }
    series.weekBytes = JSON.stringify(last).length;
    return series;
  },
};
window.scheduleEditBench = bench;
