/**
 * The app as a visitor reaches it, for the marketplace benches: a test stack (in-memory
 * CouchDB-compatible server, real Hapi) holding a generated UK directory written straight into
 * `mastr_profiles`, with one Hapi instance listening on loopback and serving a built PWA.
 */
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import type { BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../../sync-server/src/cli/repo-root.ts';
import { givenProfiles } from '../../sync-server/src/test-support/directory-fixtures.ts';
import { startTestStack, type TestStack } from '../../sync-server/src/test-support/test-stack.ts';
import type { GymListItem } from '@mastr/rules/api/directory.ts';
import { IMAGE_ORIGIN, ukDirectory, type UkDirectory } from './uk-directory.ts';

const BUILT_PWA_DIR = path.join(REPO_ROOT, 'pwa', 'dist');

export interface DirectoryServer {
  stack: TestStack;
  /** Everything written so far. */
  directory: UkDirectory;
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** Writes `count` more generated gyms (with their coaches); the server's lists follow at once. */
  addGyms(count: number): Promise<void>;
  stop(): Promise<void>;
}

const BULK = 1_000;

/**
 * One per process: in-memory test stacks share PouchDB's memory store, so a second stack would see
 * the first one's gyms. A bench that compares sizes grows one directory instead (addGyms).
 */
export async function startDirectoryServer(gymCount: number, pwaDistDir = BUILT_PWA_DIR): Promise<DirectoryServer> {
  const stack = await startTestStack();
  const directory: UkDirectory = { gyms: [], coaches: [], memberships: [] };
  const addGyms = async (count: number) => {
    // A new seed per batch, so a grown directory does not repeat its first gyms.
    const more = ukDirectory(count, directory.gyms.length + 1);
    const docs = [...more.gyms, ...more.coaches, ...more.memberships];
    for (let i = 0; i < docs.length; i += BULK) await givenProfiles(stack, docs.slice(i, i + BULK));
    directory.gyms.push(...more.gyms);
    directory.coaches.push(...more.coaches);
    directory.memberships.push(...more.memberships);
  };
  try {
    await addGyms(gymCount);
    const server: Server = await stack.startInstance({ host: '127.0.0.1', port: 0, pwaDistDir });
    await server.start();
    return { stack, directory, origin: server.info.uri, addGyms, stop: () => stack.stop() };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

/** GET /api/gyms as the /gyms page receives it. */
export async function fetchGymList(server: DirectoryServer): Promise<GymListItem[]> {
  const response = await fetch(`${server.origin}/api/gyms`);
  if (!response.ok) throw new Error(`GET /api/gyms answered ${response.status}`);
  return (await response.json()) as GymListItem[];
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

/** Answers the generated profile pictures inside the browser, so loads never wait on the internet. */
export async function serveImagesLocally(context: BrowserContext): Promise<void> {
  await context.route(`${IMAGE_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
}
