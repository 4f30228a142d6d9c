/**
 * A CPU profile of a page's main thread through the Chrome DevTools Protocol, summarised by
 * function: self time (where the thread actually was) and total time (the function or anything it
 * called was on the stack). The raw `.cpuprofile` is written too, for DevTools' Performance panel.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface FunctionTime {
  name: string;
  selfMs: number;
  totalMs: number;
}

export interface ProfileSummary {
  wallMs: number;
  /** Time the thread was idle (waiting on the network, IndexedDB or timers). */
  idleMs: number;
  /** Native work on the thread outside any JS frame (e.g. IndexedDB and network plumbing, parsing). */
  programMs: number;
  garbageCollectionMs: number;
  functions: FunctionTime[];
}

const keyOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  functionName.startsWith('(')
    ? functionName
    : `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;

function summarise(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const times = new Map<string, FunctionTime>();
  const entry = (name: string) => times.get(name) ?? times.set(name, { name, selfMs: 0, totalMs: 0 }).get(name)!;
  profile.samples.forEach((sampleId, i) => {
    // A sample's time is the gap to the next sample.
    const deltaMs = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    entry(keyOf(byId.get(sampleId)!)).selfMs += deltaMs;
    const onStack = new Set<string>();
    for (let id: number | undefined = sampleId; id !== undefined; id = parentOf.get(id))
      onStack.add(keyOf(byId.get(id)!));
    for (const name of onStack) entry(name).totalMs += deltaMs;
  });
  return {
    wallMs: (profile.endTime - profile.startTime) / 1000,
    idleMs: times.get('(idle)')?.selfMs ?? 0,
    programMs: times.get('(program)')?.selfMs ?? 0,
    garbageCollectionMs: times.get('(garbage collector)')?.selfMs ?? 0,
    functions: [...times.values()].filter((t) => !t.name.startsWith('(')),
  };
}

/** Profiles the page's main thread while `work` runs; writes the raw profile to `file`. */
export async function profileDuring<T>(
  page: Page,
  file: string,
  work: () => Promise<T>,
): Promise<{ value: T; summary: ProfileSummary }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const value = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.detach();
  writeFileSync(file, JSON.stringify(profile));
  return { value, summary: summarise(profile) };
}
