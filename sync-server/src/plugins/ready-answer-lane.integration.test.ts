import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GymDetail } from '@mastr/rules/api/directory.ts';
import type { GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { givenCoach, givenGym } from '../test-support/directory-fixtures.ts';
import { startTestStack, UNLIMITED_CLIENT_BUDGETS, type TestStack } from '../test-support/test-stack.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET over a real connection, as a browser sends it (the lane sits on the listener, not in `inject`). */
function get(server: Server, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.info.uri}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** Hapi's own answer to the same request (`inject` never passes the listener, so never the lane). */
async function viaHapi(server: Server, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await server.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
}

/** Asks until the lane answers (the profile's kept answer holds once the feed's marks settle, about 1 s). */
async function viaLane(server: Server, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (let i = 0; i < 60; i += 1) {
    const before = server.app.readyAnswersSent();
    const answer = await get(server, url, headers);
    if (server.app.readyAnswersSent() === before + 1) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the lane never answered ${url}`);
}

/** What Node's connection adds on a real socket and `inject` cannot know. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const sent = (answer: Answer) =>
  Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !CONNECTION_HEADERS.includes(name))
      .map(([name, value]) => [name, String(value)]),
  );

for (const production of [false, true]) {
  describe(`the ready-answer lane (${production ? 'production' : 'development'} configuration)`, () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ production });
    });
    afterAll(async () => {
      await stack.stop();
    });

    it('answers a kept gym and coach profile exactly as the route does: status, every header, the bytes, a 304', async () => {
      const urls = [`/api/gyms/${await givenGym(stack)}`, `/api/coaches/${await givenCoach(stack)}`];
      for (const url of urls) {
        const browser: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };
        for (const headers of [browser, {}]) {
          const lane = await viaLane(stack.server, url, headers);
          const hapi = await viaHapi(stack.server, url, headers);
          expect(lane.status, url).toBe(200);
          expect(sent(lane), url).toEqual(sent(hapi));
          expect(lane.body.equals(hapi.body), url).toBe(true);

          const revalidate = { ...headers, 'if-none-match': `W/"other", ${lane.headers.etag}` };
          const laneAgain = await viaLane(stack.server, url, revalidate);
          const hapiAgain = await viaHapi(stack.server, url, revalidate);
          expect(laneAgain.status, url).toBe(304);
          expect(laneAgain.body.length).toBe(0);
          expect(sent(laneAgain), url).toEqual(sent(hapiAgain));
        }
      }
    });
  });
}

describe('the ready-answer lane, what it leaves to the route', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(UNLIMITED_CLIENT_BUDGETS);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('shows an edit on the next request and sends a gym no longer listed through the route (404)', async () => {
    const gymId = await givenGym(stack, { gymName: 'Before Edit Boxing' });
    const url = `/api/gyms/${gymId}`;
    const gzip = { 'accept-encoding': 'gzip' };
    const name = (answer: Answer) => (JSON.parse(gunzipSync(answer.body).toString()) as GymDetail).gymName;
    expect(name(await viaLane(stack.server, url, gzip))).toBe('Before Edit Boxing');

    const profiles = stack.couch.use<GymProfileDoc>(DB.profiles);
    await profiles.insert({ ...(await profiles.get(`gym:${gymId}`)), gymName: 'After Edit Boxing' });
    // This instance's feed tells of the write within moments; the lane never sends the old answer after.
    const seen = async () => {
      for (let i = 0; i < 40; i += 1) {
        if (name(await get(stack.server, url, gzip)) === 'After Edit Boxing') return true;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return false;
    };
    expect(await seen()).toBe(true);
    expect(name(await get(stack.server, url, gzip))).toBe('After Edit Boxing');

    await profiles.insert({ ...(await profiles.get(`gym:${gymId}`)), status: false });
    for (let i = 0; i < 40 && (await get(stack.server, url)).status !== 404; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const hidden = await get(stack.server, url);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(hidden.body.toString())).toMatchObject({ message: 'Gym not found' });
  });

  it('leaves a query, a range, a HEAD and an encoding it does not send to the route', async () => {
    const url = `/api/coaches/${await givenCoach(stack)}`;
    await viaLane(stack.server, url);
    const cases: [string, () => Promise<unknown>][] = [
      ['a query', () => get(stack.server, `${url}?x=1`)],
      ['a range', () => get(stack.server, url, { range: 'bytes=0-10' })],
      ['deflate only', () => get(stack.server, url, { 'accept-encoding': 'deflate' })],
      [
        'HEAD',
        () =>
          new Promise((resolve, reject) =>
            http.request(`${stack.server.info.uri}${url}`, { method: 'HEAD' }, resolve).on('error', reject).end(),
          ),
      ],
    ];
    for (const [name, send] of cases) {
      const before = stack.server.app.readyAnswersSent();
      await send();
      expect(stack.server.app.readyAnswersSent(), name).toBe(before);
    }
  });
});

describe('the ready-answer lane and the client budget', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      clientBudgets: {
        perAddress: { burst: 80, perSecond: 0.001 },
        perAccount: { burst: 80, perSecond: 0.001 },
      },
    });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('draws from the same budget as the route: past it, a kept profile is refused 429 too', async () => {
    const url = `/api/coaches/${await givenCoach(stack)}`;
    await viaLane(stack.server, url);
    const before = stack.server.app.readyAnswersSent();
    const statuses: number[] = [];
    for (let i = 0; i < 80; i += 1) statuses.push((await get(stack.server, url)).status);
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThan(0);
    // Every 200 came from the lane, and the lane's answers used the budget up.
    expect(stack.server.app.readyAnswersSent() - before).toBe(served);
    expect(statuses.slice(served)).toEqual(statuses.slice(served).map(() => 429));
    expect(statuses.length - served).toBeGreaterThan(0);
  });
});
