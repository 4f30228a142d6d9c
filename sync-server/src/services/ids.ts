import { randomBytes } from 'node:crypto';

/** A new 24-hex id (the shape of the original product's ids, and a valid CouchDB db-name suffix). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
