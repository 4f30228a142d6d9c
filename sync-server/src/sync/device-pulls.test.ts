import { describe, expect, it } from 'vitest';
import { changesCall, pullSelector } from './device-pulls.ts';

describe('what devices pull (decision 198)', () => {
  it("leaves check-in records out of a gym's pull only", () => {
    expect(pullSelector('gym')).toEqual({ $or: [{ type: { $ne: 'check-in' } }, { type: { $exists: false } }] });
    expect(pullSelector('member')).toBeNull();
    expect(pullSelector('coach')).toBeNull();
  });

  it("asks CouchDB for a filtered read as a POST of the selector with filter=_selector, keeping the device's query", () => {
    const search = new URLSearchParams('since=5&limit=2&include_docs=true');
    const selector = pullSelector('gym');
    const call = changesCall(selector, search);
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ selector });
    expect(Object.fromEntries(call.search)).toEqual({
      since: '5',
      limit: '2',
      include_docs: 'true',
      filter: '_selector',
    });
    expect(search.has('filter')).toBe(false);
    expect(changesCall(null, search)).toEqual({ method: 'GET', search });
  });
});
