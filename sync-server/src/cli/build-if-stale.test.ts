import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newestMtime, pwaStaleness, withProductionNodeEnv } from './build-if-stale.ts';

describe('pwaStaleness', () => {
  it('asks for a build when there is none', () => {
    expect(pwaStaleness(null, 0)).toBe('missing');
  });

  it('asks for a rebuild when a source changed after the build', () => {
    expect(pwaStaleness(1_000, 2_000)).toBe('outdated');
  });

  it('keeps a build that is as new as its newest source or newer', () => {
    expect(pwaStaleness(2_000, 2_000)).toBeNull();
    expect(pwaStaleness(3_000, 2_000)).toBeNull();
  });
});

describe('newestMtime', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const touch = (file: string, seconds: number) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  };

  it('finds the newest file deep inside a directory, ignoring paths that do not exist', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mastr-stale-'));
    touch(path.join(dir, 'src', 'a.ts'), 1_000);
    touch(path.join(dir, 'src', 'deep', 'er', 'b.ts'), 5_000);
    touch(path.join(dir, 'config.ts'), 2_000);
    for (const d of [path.join(dir, 'src', 'deep', 'er'), path.join(dir, 'src', 'deep'), path.join(dir, 'src')])
      utimesSync(d, 10, 10);
    expect(newestMtime([path.join(dir, 'src'), path.join(dir, 'config.ts'), path.join(dir, 'absent')])).toBe(5_000_000);
  });

  it('is 0 when nothing exists', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mastr-stale-'));
    expect(newestMtime([path.join(dir, 'absent')])).toBe(0);
  });
});

describe('withProductionNodeEnv', () => {
  const original = process.env.NODE_ENV;
  afterEach(() => {
    if (original === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = original;
  });

  it('builds as production even under a test runner, then gives the runner its NODE_ENV back', async () => {
    process.env.NODE_ENV = 'test';
    const seen = await withProductionNodeEnv(async () => process.env.NODE_ENV);
    expect(seen).toBe('production');
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('leaves NODE_ENV unset again when it was unset, also after a failed build', async () => {
    delete process.env.NODE_ENV;
    await expect(withProductionNodeEnv(() => Promise.reject(new Error('build failed')))).rejects.toThrow(
      'build failed',
    );
    expect(process.env.NODE_ENV).toBeUndefined();
  });
});
