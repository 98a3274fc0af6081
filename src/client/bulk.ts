import { ApiError, CondoError } from '../domain/errors.js';
import { interrupted } from './sleep.js';

/**
 * Runs `work` over `items` with at most `concurrency` at a time, all over the client's one pipeline (whose
 * throttle keeps the run inside the rate limit). Results keep the input order; a failure is a value, not a throw.
 */
export type BulkOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; error: CondoError /** stopped before it was sent */; notSent?: boolean };

export async function runPool<I, T>(
  items: readonly I[],
  concurrency: number,
  work: (item: I, index: number) => Promise<T>,
  opts: { signal?: AbortSignal; stop?: AbortSignal; onResult?: (done: number, total: number) => void } = {},
): Promise<BulkOutcome<T>[]> {
  const results: BulkOutcome<T>[] = new Array(items.length);
  let nextIndex = 0;
  let done = 0;
  const worker = async (upTo = items.length) => {
    for (;;) {
      if (nextIndex >= upTo) return;
      const i = nextIndex++;
      if (opts.signal?.aborted || opts.stop?.aborted) {
        // stopped by Ctrl-C, or by the server's being down (the reason says which)
        const reason = opts.stop?.aborted ? opts.stop.reason : undefined;
        results[i] = {
          ok: false,
          error: reason instanceof CondoError ? reason : interrupted(),
          notSent: true,
        };
      } else {
        try {
          results[i] = { ok: true, data: await work(items[i] as I, i) };
        } catch (err) {
          results[i] = { ok: false, error: asCondoError(err) };
        }
      }
      done++;
      opts.onResult?.(done, items.length);
    }
  };
  // The first item goes alone, then the rest N at a time: the connection and the token are settled once, before
  // the burst, and a burst's new connections (which a server takes in one at a time) do not overtake the first
  // rows. Their ids then follow the file's order as far as the rows that went together allow.
  await worker(1);
  const n = Math.max(1, Math.min(concurrency, items.length - 1));
  await Promise.all(Array.from({ length: n }, () => worker()));
  return results;
}

export function asCondoError(err: unknown): CondoError {
  if (err instanceof CondoError) return err;
  return new ApiError((err as Error)?.message ?? String(err), { code: 'client_error' });
}
