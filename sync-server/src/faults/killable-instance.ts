import type { Server } from '@hapi/hapi';
import type { TestStack } from '../test-support/test-stack.ts';
import type { SeenRequest } from './fault-proxy.ts';
import { startStoppableCouch, type StopPoint } from './stoppable-couch.ts';

export interface KillableInstance {
  server: Server;
  /** `http://127.0.0.1:{port}` of the instance (a new port after each revive). */
  readonly origin: string;
  /**
   * Kills the instance at its `nth` CouchDB call matching `matches`, before or after CouchDB applies
   * it; `onKill` runs first, synchronously (a load balancer taking it out before a retry arrives).
   */
  killOn(matches: (request: SeenRequest) => boolean, nth: number, point: StopPoint, onKill?: () => void): void;
  /** Resolves once the instance is dead; fails if that has not happened within 5 s. */
  killed(): Promise<void>;
  /** Starts the dead instance again, on the same port and CouchDB link (a process manager's restart). */
  revive(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
  /** CouchDB calls the instance made so far. */
  calls(): SeenRequest[];
}

/**
 * A Hapi instance of the stack, listening on loopback, that can die in the middle of a request as a
 * killed process does: every connection it holds is cut at once (callers see a reset, never an
 * answer) and, as a dead process writes nothing more, its link to CouchDB is cut at the same moment,
 * so the handler left running in this test process can finish nothing. The kill is put at one of
 * its CouchDB calls.
 */
export async function startKillableInstance(stack: TestStack): Promise<KillableInstance> {
  let server: Server | null = null;
  let onKill = () => {};
  let dead: Promise<void> = new Promise(() => {});
  const link = await startStoppableCouch(stack.couchServer, () => {
    onKill();
    // Synchronously, before the handler can notice CouchDB gone and answer anything.
    server!.listener.closeAllConnections();
    dead = server!.stop({ timeout: 1 });
  });
  server = await stack.startInstance({ couchUrl: link.url }, 'everything');
  await server.start();
  return {
    server,
    get origin() {
      return server!.info.uri;
    },
    killOn(matches, nth, point, before = () => {}) {
      onKill = before;
      link.stopOn(matches, nth, point);
    },
    async killed() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const never = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The instance was not killed: its kill point never came.')), 5_000);
      });
      try {
        await Promise.race([link.stopped(), never]);
      } finally {
        clearTimeout(timer);
      }
      await dead;
    },
    async revive() {
      await link.start();
      await server!.start();
    },
    async close() {
      await server!.stop({ timeout: 1 });
      await link.close();
    },
    calls: link.seen,
  };
}
