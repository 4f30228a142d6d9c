/**
 * Raw HTTP calls to the embedded CouchDB-compatible server, for its own tests: what nano or a
 * device sends, byte for byte (fetch cannot send another Host header).
 */
import http from 'node:http';
import type { EmbeddedCouch } from '../embedded-couch.ts';

export interface Answer {
  status: number;
  body: string;
}

/** A raw HTTP call. */
export function call(
  couch: EmbeddedCouch,
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: couch.port, method, path: urlPath, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The Basic header of the URL's credentials (what nano sends). */
export function basic(couch: EmbeddedCouch): Record<string, string> {
  const { username, password } = new URL(couch.url);
  return {
    authorization: `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}`,
  };
}

export const json = { 'content-type': 'application/json' };
