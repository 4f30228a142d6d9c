import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlib } from 'node:zlib';

const gzip = promisify(gzipCallback);

/**
 * A public answer made ready to send (decision 111): serialised once, compressed once, and named by
 * a hash of its bytes, so a request for an unchanged list costs no JSON.stringify, no gzip and, with
 * `If-None-Match`, no body at all.
 */
export interface PreparedBody<T = unknown> {
  json: Buffer;
  gzip: Buffer;
  /** Weak: the same tag names the identity and gzip bytes (RFC 9110 §8.8.1). */
  etag: string;
  /** Types only: what the bytes hold, so a route sending them is checked against its answer. */
  readonly answer?: T;
}

export async function prepareBody<T>(value: T): Promise<PreparedBody<T>> {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    // Level 6, zlib's default: made once per change, so the smaller body is worth the time.
    gzip: await gzip(json, { level: zlib.Z_DEFAULT_COMPRESSION }),
    etag: createHash('sha256').update(json).digest('base64url').slice(0, 27),
  };
}
