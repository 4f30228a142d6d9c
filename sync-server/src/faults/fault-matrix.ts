/**
 * The fault matrix's tally (design/faults.md): each cell records its runs and what it lost, and a
 * suite prints its cells when it ends, so a run of the fault tests reports "cells × runs, 0 lost".
 */
export interface CellResult {
  cell: string;
  runs: number;
  lost: number;
}

export function createFaultTally() {
  const cells = new Map<string, CellResult>();
  return {
    /** One run of a cell ended; `lost` counts the items (check-ins, passes, edits) it lost or doubled. */
    record(cell: string, lost = 0) {
      const current = cells.get(cell) ?? { cell, runs: 0, lost: 0 };
      cells.set(cell, { cell, runs: current.runs + 1, lost: current.lost + lost });
    },
    results: (): CellResult[] => [...cells.values()],
    /** "fault matrix: 3 cells × 12 runs, 0 lost", then a line per cell. */
    summary(): string {
      const all = [...cells.values()];
      const runs = all.reduce((sum, c) => sum + c.runs, 0);
      const lost = all.reduce((sum, c) => sum + c.lost, 0);
      return [
        `fault matrix: ${all.length} cells × ${runs} runs, ${lost} lost`,
        ...all.map((c) => `  ${c.cell}: ${c.runs} runs, ${c.lost} lost`),
      ].join('\n');
    },
  };
}
