import { describe, expect, it } from 'vitest';
import { keepServerRevs } from './server-revs.ts';

const answering = (body: unknown, status = 200) => async () => Response.json(body, { status });
const changes = (docs: Record<string, unknown>[]) => ({ results: docs.map((doc) => ({ id: doc._id, doc })), last_seq: '9-x' });

describe('keepServerRevs', () => {
  it("copies a pulled week's _rev into serverRev, and nothing else's", async () => {
    const fetch = keepServerRevs(
      answering(
        changes([
          { _id: 'schedule:default', _rev: '3-a', type: 'schedule-week' },
          { _id: 'availability:default', _rev: '2-b', type: 'availability-week' },
          { _id: 'daypass:p1', _rev: '1-c', type: 'day-pass' },
        ]),
      ),
    );
    const body = (await (await fetch('http://x/sync/gym/g/_changes?feed=longpoll')).json()) as ReturnType<typeof changes>;
    expect(body.results.map((r) => r.doc.serverRev)).toEqual(['3-a', '2-b', undefined]);
    expect(body.last_seq).toBe('9-x');
  });

  it('leaves other answers, failures and batches without a week as they are', async () => {
    const week = { _id: 'schedule:default', _rev: '3-a', type: 'schedule-week' };
    const allDocs = await keepServerRevs(answering({ rows: [{ doc: week }] }))('http://x/sync/gym/g/_all_docs');
    expect(await allDocs.json()).toEqual({ rows: [{ doc: week }] });
    const failed = await keepServerRevs(answering({ error: 'x' }, 500))('http://x/sync/gym/g/_changes');
    expect(failed.status).toBe(500);
    const passes = await keepServerRevs(answering(changes([{ _id: 'daypass:p1', _rev: '1-c', type: 'day-pass' }])))('http://x/_changes');
    expect(await passes.json()).toEqual(changes([{ _id: 'daypass:p1', _rev: '1-c', type: 'day-pass' }]));
  });
});
