import { describe, expect, it } from 'vitest';
import { findRetryingIndex } from './mango-indexes.ts';

/** A refusal as nano throws it: the answer's status and fields. */
const refusal = (statusCode: number, error: string) => Object.assign(new Error(error), { statusCode, error });

describe('findRetryingIndex', () => {
  it('tries again while the answering node does not know the index yet, and answers what the next try found', async () => {
    let calls = 0;
    const answer = await findRetryingIndex(async () => {
      calls += 1;
      if (calls < 3) throw refusal(400, 'no_usable_index');
      return { docs: [{ _id: 'a', _rev: '1-a' }] };
    });
    expect(answer.docs).toEqual([{ _id: 'a', _rev: '1-a' }]);
    expect(calls).toBe(3);
  });

  it('passes any other refusal on at once', async () => {
    let calls = 0;
    const find = async () => {
      calls += 1;
      throw refusal(400, 'invalid_selector');
    };
    await expect(findRetryingIndex(find)).rejects.toMatchObject({ error: 'invalid_selector' });
    expect(calls).toBe(1);
  });

  it('gives up after about a second and a half when the index never comes', async () => {
    let calls = 0;
    const find = async () => {
      calls += 1;
      throw refusal(400, 'no_usable_index');
    };
    await expect(findRetryingIndex(find)).rejects.toMatchObject({ error: 'no_usable_index' });
    expect(calls).toBe(7);
  });
});
