/** What reconnect-storage.browser.bench.ts asks of its page, and what the page answers. */
export interface ReconnectStorageInput {
  /** Passes the device holds before the pull. */
  passes: number;
  /** Check-ins decided while the device was away. */
  checkIns: number;
  /** Of those, how many are a second check-in on a pass (one pass update fewer each). */
  shared: number;
  /** Documents per write, as the pull's batches. */
  batch: number;
  /** The documents the server would write were a counted check-in told by the pass's `countedCheckIns` alone (no outcome document for it). */
  countedOnPass: boolean;
}

export interface ReconnectStorageFigures {
  documents: number;
  /** Of which pass updates. */
  updates: number;
  /** Storing them through the device's collection, as the pull does. */
  ms: number;
}

export interface ReconnectStoragePage {
  run(input: ReconnectStorageInput): Promise<ReconnectStorageFigures>;
}

declare global {
  interface Window {
    reconnectStorageBench?: ReconnectStoragePage;
  }
}
