import { describe, expect, it } from 'vitest';
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH } from '../../../rules/constants.ts';
import { demoEntryCode, demoId } from './demo-ids.ts';

describe('demo ids and entry codes', () => {
  it('derives the same 24-hex id from the same seed, and another from another seed', () => {
    expect(demoId('demo-daypass-2026-11-20-0')).toMatch(/^[a-f0-9]{24}$/);
    expect(demoId('demo-daypass-2026-11-20-0')).toBe(demoId('demo-daypass-2026-11-20-0'));
    expect(demoId('demo-daypass-2026-11-21-0')).not.toBe(demoId('demo-daypass-2026-11-20-0'));
  });

  it('makes lower-case entry codes from the unambiguous alphabet', () => {
    for (let n = 0; n < 200; n += 1) {
      const code = demoEntryCode(`seed-${n}`);
      expect(code).toHaveLength(ENTRY_CODE_LENGTH);
      expect(code).toBe(code.toLowerCase());
      expect([...code.toUpperCase()].every((c) => ENTRY_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(demoEntryCode('a')).toBe(demoEntryCode('a'));
  });
});
