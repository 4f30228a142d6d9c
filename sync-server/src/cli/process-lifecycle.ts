/** A start-up failure the user can fix from its message alone (a port in use, say): no stack trace. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Runs a CLI entry point: a failure to start prints why and exits 1. The returned stop function
 * runs on SIGINT (Ctrl-C) or SIGTERM, then the process exits 0; a second signal while stopping
 * exits at once.
 */
export function runUntilSignalled(main: () => Promise<() => Promise<void>>): void {
  main().then(
    (stop) => {
      let stopping = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) process.exit(1);
        stopping = true;
        console.log(`\n${signal}: stopping…`);
        stop().then(
          () => process.exit(0),
          (err) => {
            console.error(err);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
    (err: unknown) => {
      const detail =
        err instanceof StartupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`Mastr could not start.\n${detail}`);
      process.exit(1);
    },
  );
}
