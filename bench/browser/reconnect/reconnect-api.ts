/** What the reconnect bench page offers the Node side (`window.reconnectBench`); types only. */

export interface OpenInput {
  gymId: string;
  /** The gym account's Bearer access token. */
  token: string;
}

export interface ReconnectBenchPage {
  /** Opens the gym's tenant store as the app does and resolves once its first sync is done. */
  open(input: OpenInput): Promise<void>;
  /** Taps these passes in at the front desk, one after another; resolves with the check-ins waiting to sync and their ids. */
  checkIn(passIds: string[]): Promise<{ waiting: number; ids: string[] }>;
  /**
   * Starts following the server's decisions on these check-in records as they arrive on the device
   * (a pass listing a counted one, an outcome document for any other): call it before the network
   * comes back.
   */
  followDecisions(checkInIds: string[]): void;
  /** Resolves once the device holds a decision on every record `followDecisions` was given. */
  decisionsHeld(): Promise<void>;
  /**
   * When the last check-in push sent since `since` (the page's clock) was answered, in ms after
   * `since`; null when none was. The server answers a push once it has decided its records
   * (check-in-service.ts), so the last answer is when the server had decided this tablet's records.
   */
  lastPushAnswered(since: number): number | null;
  /** The page's clock (performance.now()). */
  now(): number;
  /** The sync requests answered since `since` on the page's clock, one line each, with the decisions held and check-ins waiting as they changed (BENCH_TIMELINE=1). */
  requests(since: number): string[];
}

declare global {
  interface Window {
    reconnectBench?: ReconnectBenchPage;
  }
}
