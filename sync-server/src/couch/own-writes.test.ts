import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { createOwnWrites, noticeOwnWrites } from './own-writes.ts';

/** Runs one request through the interceptor over a dispatch that answers with `answer`. */
function send(
  basePath: string,
  options: { method: string; path: string },
  answer: { status: number } | { error: Error },
): { told: string[]; calls: string[] } {
  const writes = createOwnWrites();
  const told: string[] = [];
  writes.listen((dbName) => told.push(dbName));
  const calls: string[] = [];
  const handler: Dispatcher.DispatchHandlers = {
    onHeaders: (status) => {
      calls.push(`headers ${status}`);
      return true;
    },
    onError: (err) => void calls.push(`error ${err.message}`),
  };
  const dispatch: Dispatcher['dispatch'] = (_options, inner) => {
    if ('error' in answer) inner.onError!(answer.error);
    else inner.onHeaders!(answer.status, [], () => {}, 'OK');
    return true;
  };
  noticeOwnWrites(basePath, writes)(dispatch)(
    { ...options, origin: 'http://couch' } as Dispatcher.DispatchOptions,
    handler,
  );
  return { told, calls };
}

describe('noticeOwnWrites', () => {
  it('tells of a write answered 2xx, and passes the answer on', () => {
    expect(send('/', { method: 'POST', path: '/mastr_gym_1/_bulk_docs?x=1' }, { status: 201 })).toEqual({
      told: ['mastr_gym_1'],
      calls: ['headers 201'],
    });
  });

  it('tells of a write that failed without an answer (it may have landed), not of one refused', () => {
    expect(send('/', { method: 'PUT', path: '/mastr_profiles/gym%3A1' }, { error: new Error('reset') })).toEqual({
      told: ['mastr_profiles'],
      calls: ['error reset'],
    });
    expect(send('/', { method: 'PUT', path: '/mastr_profiles/gym%3A1' }, { status: 409 }).told).toEqual([]);
  });

  it('tells of no read, and reads paths below a prefixed CouchDB URL', () => {
    expect(send('/', { method: 'POST', path: '/mastr_profiles/_all_docs' }, { status: 200 }).told).toEqual([]);
    expect(send('/couch/', { method: 'POST', path: '/couch/mastr_gym_1/_bulk_docs' }, { status: 201 }).told).toEqual([
      'mastr_gym_1',
    ]);
  });
});
