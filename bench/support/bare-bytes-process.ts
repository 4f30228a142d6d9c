/**
 * The floor for serving a public list (issue 27): a bare Node `http` server sending the same
 * pre-serialised, pre-compressed bytes the real route sends, read from BARE_BODY_FILE (gzip) and
 * BARE_JSON_FILE (identity). No routing, no headers beyond the content type and encoding.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const gzip = readFileSync(process.env.BARE_BODY_FILE!);
const json = readFileSync(process.env.BARE_JSON_FILE!);

const server = http.createServer((request, response) => {
  const zipped = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    ...(zipped ? { 'content-encoding': 'gzip' } : {}),
  });
  response.end(zipped ? gzip : json);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send!({ origin: `http://127.0.0.1:${port}` });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
