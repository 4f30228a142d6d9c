/** What the schedule-edit bench page offers the Node side (`window.scheduleEditBench`); types only. */

export interface OpenInput {
  gymId: string;
  /** The gym account's Bearer access token. */
  token: string;
}

export interface EditSeries {
  /** Tap (the page's edit path starts) to the class shown by the page's live weeks, ms. */
  visible: number[];
  /** Tap to `saveWeek` resolved (durable on the device), ms. */
  saved: number[];
  /** A raw Dexie `put` of the same week into a bare table, alternating with the edits, ms. */
  raw: number[];
  /** The edited week's JSON size at the end. */
  weekBytes: number;
}

export interface ScheduleEditBenchPage {
  /** Opens the gym's tenant store as the app does and waits for its first sync; answers the documents held. */
  open(input: OpenInput): Promise<number>;
  /** Waits until the store reports the server unreachable. */
  offline(): Promise<void>;
  /** `count` edits after `warmUp` untimed ones, each followed by a raw put. */
  edit(input: { gymId: string; warmUp: number; count: number }): Promise<EditSeries>;
}

declare global {
  interface Window {
    scheduleEditBench?: ScheduleEditBenchPage;
  }
}
