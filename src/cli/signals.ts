/**
 * Ctrl-C and SIGTERM, in one place. A command normally ends at once (130 for SIGINT, 143 for SIGTERM; the exit
 * hooks remove half-written files). A command that runs until stopped (`sandbox start`, `webhooks listen`)
 * waits with `untilStopped()`, and a bulk run with `onStop()`, and shuts down cleanly instead; a second signal
 * while it does forces the exit (a `timeout` wrapper's second SIGTERM, a person's second Ctrl-C).
 *
 * Our handlers stay installed for the life of the process, so that no signal kills it mid-shutdown unsaid.
 */

type Signal = 'SIGINT' | 'SIGTERM';

const waiters = new Set<(signal: Signal) => void>();
let stopping = false;

export function installSignalHandlers(onInterrupt: (signal: Signal) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (waiters.size > 0 && !stopping) {
        stopping = true;
        for (const resolve of waiters) resolve(signal);
        waiters.clear();
        return;
      }
      // the first signal of the process, or a second one while a clean shutdown runs: end now
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
