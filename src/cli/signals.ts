/**
 * Ctrl-C and SIGTERM, in one place. A command normally ends at once (130 for SIGINT, 143 for SIGTERM; the exit
 * hooks remove half-written files). A command that runs until stopped (`sandbox start`, `webhooks listen`)
 * waits with `untilStopped()` and shuts down cleanly instead; a second signal while it does forces the exit.
 *
 * Our handlers stay installed for the life of the process: libraries such as conf's `when-exit` re-raise a
 * signal after their own clean-up, and without a listener Node would then kill the process mid-shutdown.
 */

type Signal = 'SIGINT' | 'SIGTERM';

const waiters = new Set<(signal: Signal) => void>();
let stopping = false;

export function installSignalHandlers(onInterrupt: (signal: Signal) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (waiters.size > 0) {
        stopping = true;
        for (const resolve of waiters) resolve(signal);
        waiters.clear();
        return;
      }
      if (stopping) return; // a re-raised copy while a long-running command shuts down
      onInterrupt(signal);
    });
  }
}

/** Resolves with the first SIGINT or SIGTERM; until then the process keeps running. */
export function untilStopped(): Promise<Signal> {
  return new Promise((resolve) => waiters.add(resolve));
}

/**
 * Calls `fn` on the first SIGINT or SIGTERM instead of ending the process, until the returned function is
 * called: a bulk run stops sending and reports what it did (then exits 130 itself).
 */
export function onStop(fn: (signal: Signal) => void): () => void {
  waiters.add(fn);
  return () => {
    waiters.delete(fn);
  };
}
