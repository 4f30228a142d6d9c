import { randomBytes } from 'node:crypto';

/**
 * A new random id (the shape of the original product's ids, and a valid CouchDB db-name suffix):
 * 24 lowercase hex characters, the shape rules/doc-ids.ts checks with `isId`.
 */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
