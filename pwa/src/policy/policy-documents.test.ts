import { describe, it, expect } from 'vitest';
import { POLICY_DOCUMENTS, policyPath } from './policy-documents.ts';

describe('policy documents', () => {
  it('serves terms of use, privacy and cookies under /policy', () => {
    expect(POLICY_DOCUMENTS.map((d) => policyPath(d.slug))).toEqual([
      '/policy/termsofuse',
      '/policy/privacy',
      '/policy/cookies',
    ]);
  });

  it('gives every document a distinct title and a summary for the index', () => {
    const titles = POLICY_DOCUMENTS.map((d) => d.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const document of POLICY_DOCUMENTS) expect(document.summary.length).toBeGreaterThan(20);
  });
});
