import { randomBytes } from 'node:crypto';

/** A new 24-hex id (the shape of the original product's ids, and a valid CouchDB db-name suffix). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** True for an id of that shape; ids from URLs are checked before they reach a CouchDB path. */
export function isId(value: string): boolean {
  return /^[a-f0-9]{24}$/.test(value);
}
