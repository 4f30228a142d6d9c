import { describe, expect, it } from 'vitest';
import type { Visitor } from '@mastr/rules/api/me.ts';
import { searchVisitors } from './visitors-model.ts';

const alex = 'a'.repeat(24);
const sam = 'b'.repeat(24);

const visitor = (_id: string, userName: string, email: string): Visitor => ({
  _id,
  userName,
  email,
  dayPasses: [{ _id: _id, date: '2026-11-03T00:00:00' }],
  privateSessions: [],
});

describe('searchVisitors', () => {
  const visitors = [visitor(alex, 'Alex Smith', 'alex@example.com'), visitor(sam, 'Sam Jones', 'sam@Example.com')];

  it('searches name and email case-insensitively; nothing found is an empty list', () => {
    expect(searchVisitors(visitors, 'SMITH').map((v) => v._id)).toEqual([alex]);
    expect(searchVisitors(visitors, 'sam@example').map((v) => v._id)).toEqual([sam]);
    expect(searchVisitors(visitors, '  ')).toHaveLength(2);
    expect(searchVisitors(visitors, 'nobody')).toEqual([]);
  });
});
