import type { BulkHooks, BulkRecord } from '../app/bulk.js';
import type { CondoError } from '../domain/errors.js';
import type { Deps } from './context.js';
import { ExitCode, exitCodeOf } from './exit-codes.js';
import { progressBar, ROWS } from './files.js';
import { type RecordResult, reportBulk, sayResume } from './report.js';
import { onStop } from './signals.js';

/** How long Ctrl-C lets the requests in flight finish before cutting them off. */
const IN_FLIGHT_GRACE_MS = 5_000;

/**
 * Runs a bulk that Ctrl-C (or SIGTERM) stops instead of ending the process: no new item is sent, those in flight
 * get a few seconds to finish, then are cut off. `stopped` says whether it was.
 */
export type StoppedBy = false | 'SIGINT' | 'SIGTERM';

export async function stoppable<R>(
  run: (signals: { stop: AbortSignal; signal: AbortSignal }) => Promise<R>,
): Promise<{ result: R; stopped: StoppedBy }> {
  const stop = new AbortController();
  const cut = new AbortController();
  let stoppedBy: StoppedBy = false;
  const release = onStop((signal) => {
    stoppedBy = signal;
    stop.abort();
    setTimeout(() => cut.abort(), IN_FLIGHT_GRACE_MS).unref();
  });
  try {
    const result = await run({ stop: stop.signal, signal: cut.signal });
    return { result, stopped: stoppedBy };
  } finally {
    release();
  }
}

/** A record's refusal that a run of the same command meets again: input, credentials, not found, a state. */
const REFUSED_AGAIN = new Set<number>([
  ExitCode.refused,
  ExitCode.auth,
  ExitCode.notFound,
  ExitCode.conflict,
]);

/** A record of a bulk run as the client gave it: `notSent` when the run stopped before sending it. */
export type SentRecord = RecordResult | { ok: false; error: CondoError; label: string; notSent: true };

/**
 * A bulk run's end, for every bulk verb alike (#50 point 8): each record that was sent is reported; one cut off
 * in flight by the stop is "unknown", for the next run to check, not a failure; and when the run was stopped, or
 * the server stayed down, the counts and how to finish are said in the person's language (exit 130, or 7).
 */
export function finishBulk(
  deps: Deps,
  verb: string,
  records: readonly SentRecord[],
  /** the signal that stopped the run, if one did */
  stopped: StoppedBy,
  /** what the verb says of the run after the records' summary, before how to finish (the last line) */
  epilogue?: () => void,
): number {
  const sent: RecordResult[] = records.flatMap((r): RecordResult[] => {
    if (r.ok) return [r];
    if ('notSent' in r) return [];
    const cutOff = stopped && exitCodeOf(r.error) === ExitCode.interrupted;
    return [cutOff ? { ...r, unknown: true } : r];
  });
  const code = reportBulk(deps, verb, sent);
  epilogue?.();
  const serverDown = records.some(
    (r) => !r.ok && 'notSent' in r && exitCodeOf(r.error) === ExitCode.unavailable,
  );
  if (!stopped && !serverDown) return code;
  // what the same command again can still do: all but what it would be refused again (a record the server refused,
  // or condo itself: 2 to 5); what was not sent, was cut off, or met a server that was down, it does again
  const done = sent.filter((r) => r.ok).length;
  const refusedAgain = records.filter(
    (r) => !r.ok && !('notSent' in r) && !r.unknown && REFUSED_AGAIN.has(exitCodeOf(r.error)),
  ).length;
  sayResume(deps, verb, done, records.length - refusedAgain);
  if (!stopped) return ExitCode.unavailable;
  return stopped === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
}

/**
 * A bulk use-case of src/app run for a person (#67): Ctrl-C stops it (stoppable), a progress bar counts its
 * records on a terminal, and its end says the counts and how to finish (finishBulk). The use-case is handed the
 * hooks (app/billing-apply.ts BulkHooks) and gives back its records.
 */
export async function runBulk<R extends { records: readonly BulkRecord[] }>(
  deps: Deps,
  verb: string,
  label: string,
  run: (hooks: BulkHooks) => Promise<R>,
  epilogue?: (result: R) => void,
): Promise<{ result: R; code: number }> {
  const progress = progressBar(deps.io, label, undefined, deps.globals.quiet === true, ROWS);
  let drawn = false;
  const { result, stopped } = await stoppable(({ stop, signal }) =>
    run({
      stop,
      signal,
      onResult: (done, total) => {
        drawn = true;
        progress.update(done, total);
      },
    }),
  );
  if (drawn) progress.done();
  return {
    result,
    code: finishBulk(deps, verb, result.records, stopped, epilogue ? () => epilogue(result) : undefined),
  };
}
