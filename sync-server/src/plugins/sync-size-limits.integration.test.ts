import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDefaultSchedule, withClassAdded } from '@mastr/rules/schedule.ts';
import { ensureDatabase } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { MAX_JSON_BYTES } from '../server.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
/** Apache CouchDB's default `[couchdb] max_document_size` (bytes of a document's JSON). */
const APACHE_MAX_DOCUMENT_SIZE = 8_000_000;

/**
 * Sizes (issue 23). Apache CouchDB refuses a document over `max_document_size` (8 MB by default) with
 * 413, and a request over `max_http_request_size` (4 GiB). The product's own limits are far below
 * (2 MB for any JSON body, the gateway's `_bulk_docs` included; a stored profile image is a 512 px
 * WebP), so a refusal always comes from the product, before CouchDB is asked, and nothing of the
 * refused request is written (decisions.md 77).
 */
describe('request and document sizes', () => {
  let stack: TestStack;
  let gymId: string;
  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenGym(stack);
    await onboard(stack, 'gym', gymId);
    await ensureDatabase(stack.couch, tenantDbName('gym', gymId));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses a device batch over the body limit with 413 and writes none of it, the small documents included', async () => {
    const small = withClassAdded(
      emptyDefaultSchedule(gymId, NOW, newId),
      1,
      {
        _id: 'c1',
        discipline: 'Boxing',
        difficulty: 'Fundamentals',
        startTime: 9 * 3600,
        endTime: 10 * 3600,
        location: 'Main mat',
        kidsClass: false,
      },
      NOW,
    );
    const big = { ...small, _id: `schedule:week:${newId()}`, location: 'x'.repeat(MAX_JSON_BYTES) };
    const res = await stack.server.inject({
      method: 'POST',
      url: `/sync/gym/${gymId}/_bulk_docs`,
      headers: await bearerFor(stack, 'gym', gymId),
      payload: { docs: [{ ...small, _deleted: false }, big] },
    });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.payload).message).toMatch(/^Payload content length greater than maximum allowed/);
    const ids = (await stack.couch.use(tenantDbName('gym', gymId)).list()).rows.map((r) => r.id);
    expect(ids).not.toContain('schedule:default');
  });

  it('has CouchDB take a document as large as any body the product accepts', async () => {
    const db = stack.couch.use<{ text: string }>(tenantDbName('gym', gymId));
    const written = await db.insert({ _id: 'probe:largest-body', text: 'x'.repeat(MAX_JSON_BYTES) });
    expect(written.ok).toBe(true);
    expect(MAX_JSON_BYTES).toBeLessThan(APACHE_MAX_DOCUMENT_SIZE);
  });

  it('refuses, on Apache CouchDB, a whole _bulk_docs with one document over max_document_size: none is half-written', async () => {
    const db = stack.couch.use<{ text: string }>(tenantDbName('gym', gymId));
    const docs = [
      { _id: 'probe:small', text: 'fits' },
      { _id: 'probe:too-large', text: 'x'.repeat(APACHE_MAX_DOCUMENT_SIZE) },
    ];
    if (stack.couchServer.kind === 'apache') {
      await expect(db.bulk({ docs })).rejects.toMatchObject({ statusCode: 413, error: 'document_too_large' });
      await expect(db.get('probe:small')).rejects.toMatchObject({ statusCode: 404 });
    } else {
      // PouchDB sets no document size: the embedded server stores both. The product never sends such
      // a batch (its bodies stop at MAX_JSON_BYTES, above), so the difference is never met.
      expect((await db.bulk({ docs })).every((row) => row.rev && !row.error)).toBe(true);
    }
  });
});
