import type { Text } from '../../domain/text.js';
import { parseBody, parseErrorBody, retryAfterMs } from '../errors.js';
import { type Clock, systemClock } from '../sleep.js';
import type { RetryPolicy } from '../types.js';
import { isWrite, type Layer, TransportError, type WireResponse } from '../wire.js';

export const DEFAULT_RETRY: Required<RetryPolicy> = {
  retries: 20,
  minDelayMs: 250,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 120_000,
  budgetMs: 30_000,
  serverErrorRetries: 1,
  refusedBudgetMs: Number.POSITIVE_INFINITY,
};

/** What a retry waits for, for the person at the terminal. */
export interface RetryWait {
  ms: number;
  /** e.g. "the server is not reachable (ECONNREFUSED)", "the server answered 503", in both languages */
  why: Text;
  rateLimited: boolean;
}

/**
 * Retries what a moment may cure, with the same Idempotency-Key: connection errors and timeouts, 502/503/504,
 * 429 and 409 `idempotency_in_progress`, within a budget of elapsed time (30 s: longer than a server restart),
 * with exponential backoff and full jitter, or exactly the server's Retry-After. A 500 is a bug more often than a
 * blip: it is retried once (a 58 MB upload is not sent five times). A write is retried only with its key (the
 * idempotency layer always adds one). Other 4xx are returned at once. Returns the last response (or throws the
 * last TransportError) when the budget or the attempts run out.
 */
export function retry(
  policy: RetryPolicy,
  log?: (line: string) => void,
  onWait?: (wait: RetryWait) => void,
  clock: Clock = systemClock,
): Layer {
  const p = { ...DEFAULT_RETRY, ...policy };
  return (next) => async (req) => {
    const mayRetry =
      req.replayable !== false &&
      (!isWrite(req.method) || req.safeToRetry || !!req.headers['idempotency-key']);
    const started = clock.now();
    let serverErrors = 0;
    let onlyRefused = true;
    for (let attempt = 1; ; attempt++) {
      let res: WireResponse | undefined;
      let failure: TransportError | undefined;
      try {
        res = await next({ ...req, attempt });
      } catch (err) {
        if (!(err instanceof TransportError)) throw err;
        failure = err;
      }
      const verdict = res
        ? retryableResponse(res, clock.now())
        : { retry: true as const, afterMs: undefined };
      if (res?.status === 500 && verdict.retry) serverErrors++;
      if (failure?.causeCode !== 'ECONNREFUSED') onlyRefused = false;
      const giveUp = () => {
        if (failure) throw failure;
        return res!;
      };
      if (!verdict.retry || !mayRetry || attempt > p.retries) return giveUp();
      if (res?.status === 500 && serverErrors > p.serverErrorRetries) return giveUp();
      if (verdict.afterMs !== undefined && verdict.afterMs > p.maxRetryAfterMs) return giveUp();
      const delay = verdict.afterMs ?? backoff(attempt, p);
      // A rate limit's Retry-After is an appointment, not a fault: only the other waits count against the budget.
      const rateLimited = res?.status === 429;
      const budget = onlyRefused ? Math.min(p.budgetMs, p.refusedBudgetMs) : p.budgetMs;
      if (!rateLimited && clock.now() - started + delay > budget) return giveUp();
      const cause = failure?.causeCode ?? failure?.message;
      const why: Text = res
        ? { en: `the server answered ${res.status}`, pt: `o servidor respondeu ${res.status}` }
        : failure?.sent === false
          ? {
              en: `the server is not reachable (${cause})`,
              pt: `não foi possível conectar ao servidor (${cause})`,
            }
          : { en: `no answer from the server (${cause})`, pt: `sem resposta do servidor (${cause})` };
      log?.(`retry ${attempt} of ${req.method} ${req.url.pathname} in ${delay} ms (${why.en})`);
      if (res?.stream) res.stream.destroy();
      onWait?.({ ms: delay, why, rateLimited });
      await clock.sleep(delay, req.signal);
    }
  };
}

/** Full jitter: uniform in [0, min(max, min * 2^(attempt-1))]. */
export function backoff(attempt: number, p: { minDelayMs: number; maxDelayMs: number }): number {
  const ceiling = Math.min(p.maxDelayMs, p.minDelayMs * 2 ** (attempt - 1));
  return Math.round(Math.random() * ceiling);
}

function retryableResponse(res: WireResponse, now: number): { retry: boolean; afterMs: number | undefined } {
  const afterMs = retryAfterMs(res.headers['retry-after'], now);
  if (
    res.status === 429 ||
    res.status === 500 ||
    res.status === 502 ||
    res.status === 503 ||
    res.status === 504
  )
    return { retry: true, afterMs };
  if (res.status === 409) {
    const code = parseErrorBody(409, parseBody(res.bytes, res.headers['content-type'])).code;
    if (code === 'idempotency_in_progress') return { retry: true, afterMs };
  }
  return { retry: false, afterMs: undefined };
}
