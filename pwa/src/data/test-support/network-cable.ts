/**
 * A cuttable network between a test "device" and the server: a loopback proxy on a fixed port
 * that forwards every request to the target. `cut()` drops open connections (a long-poll in
 * flight fails like a dead Wi-Fi) and refuses new ones; `restore()` listens on the same port again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface NetworkCable {
  url: string;
  /** Points the cable at another address (a restarted server). */
  retarget(target: string): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkCable(target: string, rewrite: (path: string) => string = (p) => p): Promise<NetworkCable> {
  let upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: rewrite(req.url ?? '/'), headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  let up = true;
  const cut = async () => {
    if (!up) return;
    up = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    retarget(next) {
      upstream = new URL(next);
    },
    cut,
    async restore() {
      if (up) return;
      await listen(port);
      up = true;
    },
    close: cut,
  };
}
