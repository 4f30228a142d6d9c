import { describe, expect, it } from 'vitest';
import { demoId } from './demo-ids.ts';

describe('demo ids', () => {
  it('derives the same 24-hex id from the same seed, and another from another seed', () => {
    expect(demoId('demo-daypass-2026-11-20-0')).toMatch(/^[a-f0-9]{24}$/);
    expect(demoId('demo-daypass-2026-11-20-0')).toBe(demoId('demo-daypass-2026-11-20-0'));
    expect(demoId('demo-daypass-2026-11-21-0')).not.toBe(demoId('demo-daypass-2026-11-20-0'));
  });
});
