/**
 * Where a CPU profile's time went (bench/support/cpu-profile.ts): self time by function and by
 * package or source folder, and the idle share.
 * Run: npx tsx bench/support/profile-summary.ts file.cpuprofile [top]
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '40'] = process.argv.slice(2);
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(pwa|sync-server|rules|bench)\/(?:src\/)?([^/]+)/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url.startsWith('node:') ? 'node' : url || '(native)';
};
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, ms] of self) {
  const { callFrame } = byId.get(id)!;
  const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*\/(node_modules\/)?/, '')}:${callFrame.lineNumber + 1}`;
  add(byFunction, name, ms);
  add(byPlace, where(callFrame.url), ms);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`${total.toFixed(0)} ms sampled`);
print('self time by package / source folder', byPlace);
print('self time by function', byFunction);
