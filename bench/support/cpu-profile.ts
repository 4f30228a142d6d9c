/**
 * Profiles this Node thread for a window of a bench (server, devices and bench share it), through
 * the inspector: `--cpu-prof` would profile the whole run, minutes of set-up included.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

export async function startCpuProfile(): Promise<{ stop(file: string): Promise<string> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
      return file;
    },
  };
}
