import { describe, expect, it } from 'vitest';
import { databaseWrittenBy } from './write-requests.ts';

describe('databaseWrittenBy', () => {
  it('names the database of a write and how it changes it', () => {
    expect(databaseWrittenBy('POST', '/mastr_gym_1/_bulk_docs')).toEqual({ dbName: 'mastr_gym_1', type: 'updated' });
    expect(databaseWrittenBy('PUT', '/mastr_profiles/gym%3A1')).toEqual({ dbName: 'mastr_profiles', type: 'updated' });
    expect(databaseWrittenBy('DELETE', '/mastr_profiles/gym%3A1')).toEqual({
      dbName: 'mastr_profiles',
      type: 'updated',
    });
    expect(databaseWrittenBy('POST', '/mastr_profiles/_index')).toEqual({ dbName: 'mastr_profiles', type: 'updated' });
    expect(databaseWrittenBy('PUT', '/mastr_gym_1')).toEqual({ dbName: 'mastr_gym_1', type: 'created' });
    expect(databaseWrittenBy('PUT', '/mastr_gym_1/')).toEqual({ dbName: 'mastr_gym_1', type: 'created' });
    expect(databaseWrittenBy('DELETE', '/mastr_gym_1')).toEqual({ dbName: 'mastr_gym_1', type: 'deleted' });
    expect(databaseWrittenBy('POST', '/a%2Fb/_bulk_docs')).toEqual({ dbName: 'a/b', type: 'updated' });
  });

  it('names none for reads, reads sent as POST and server-level paths', () => {
    for (const [method, path] of [
      ['GET', '/mastr_profiles/gym%3A1'],
      ['HEAD', '/mastr_profiles'],
      ['POST', '/mastr_profiles/_all_docs'],
      ['POST', '/mastr_profiles/_find'],
      ['POST', '/mastr_profiles/_bulk_get'],
      ['POST', '/mastr_profiles/_changes'],
      ['POST', '/mastr_profiles/_explain'],
      ['POST', '/mastr_profiles/_revs_diff'],
      ['POST', '/mastr_profiles/_design/lists/_view/gyms'],
      ['POST', '/_session'],
      ['PUT', '/_global_changes'],
      ['POST', '/'],
      ['POST', '/%E0%A4%A/_bulk_docs'],
    ])
      expect(databaseWrittenBy(method, path), `${method} ${path}`).toBeNull();
  });
});
