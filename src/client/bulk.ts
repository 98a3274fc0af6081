import { ApiError, CondoError, UnavailableError } from '../domain/errors.js';
import { newUlid } from '../domain/ulids.js';
import { anySignal, interrupted } from './sleep.js';
import type { BulkOptions, BulkOutcome } from './types.js';

/**
 * Runs `work` over `items` with at most `concurrency` at a time, all over the client's one pipeline (whose
 * throttle keeps the run inside the rate limit). Results keep the input order.
 */
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
        // what was not sent is not progress: a bar stays where the stop found it
        continue;
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
  // (none at all when there are none: an empty run sends nothing)
  await worker(Math.min(1, items.length));
  const n = Math.max(1, Math.min(concurrency, items.length - 1));
  await Promise.all(Array.from({ length: n }, () => worker()));
  return results;
}

export function asCondoError(err: unknown): CondoError {
  if (err instanceof CondoError) return err;
  return new ApiError((err as Error)?.message ?? String(err), { code: 'client_error' });
}

/**
 * The client's `bulk`: each item sent with its own Idempotency-Key (KEY-1, KEY-2, … from the run's key or the
 * caller's prefix, so a re-run replays), `concurrency` at a time; the rest not sent once the server is down.
 */
export function bulkRunner(
  defaults: { idempotencyKey?: string | undefined; signal?: AbortSignal | undefined },
  concurrency: number,
) {
  return async function bulk<I, T>(
    items: readonly I[],
    work: (item: I, key: string) => Promise<T>,
    o: BulkOptions = {},
  ): Promise<BulkOutcome<T>[]> {
    // KEY-1, KEY-2, ... from --idempotency-key or the caller's prefix, so a re-run replays instead of repeating.
    const prefix = defaults.idempotencyKey ?? o.keyPrefix;
    const keyFor = (item: I, i: number) => (prefix ? `${prefix}-${i + 1}` : (o.keyOf?.(item) ?? newUlid()));
    const signal = anySignal(defaults.signal, o.signal);
    // Once one item has spent the whole retry budget on an unreachable server, the rest are not sent: each would
    // spend its own budget in turn, and a run of 1000 against a dead server would never end.
    const down = new AbortController();
    const stop = anySignal(o.stop, down.signal);
    const attempt = async (item: I, i: number) => {
      try {
        return await work(item, keyFor(item, i));
      } catch (err) {
        if (err instanceof UnavailableError && !down.signal.aborted)
          down.abort(
            new UnavailableError(
              {
                en: `not sent: the server was unreachable (${err.message})`,
                pt: `não enviado: o servidor estava inalcançável (${err.text?.pt ?? err.message})`,
              },
              { code: 'not_sent' },
            ),
          );
        throw err;
      }
    };
    return runPool(items, concurrency, attempt, {
      signal,
      ...(stop ? { stop } : {}),
      ...(o.onResult ? { onResult: o.onResult } : {}),
    });
  };
}
