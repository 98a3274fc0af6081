import { parseBody, parseErrorBody, retryAfterMs } from '../errors.js';
import { sleep } from '../sleep.js';
import type { RetryPolicy } from '../types.js';
import { isWrite, type Layer, TransportError, type WireResponse } from '../wire.js';

export const DEFAULT_RETRY: Required<RetryPolicy> = {
  retries: 4,
  minDelayMs: 250,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 120_000,
};

/**
 * Retries connection errors, timeouts, 5xx, 429 and 409 `idempotency_in_progress`, with exponential backoff and
 * full jitter, or exactly the server's Retry-After (seconds or HTTP-date) when it sends one. A write is retried only
 * when it carries an Idempotency-Key (the idempotency layer always adds one). Other 4xx are returned at once.
 * Returns the last response (or throws the last TransportError) when retries are exhausted.
 */
export function retry(
  policy: RetryPolicy,
  log?: (line: string) => void,
  onRateLimitWait?: (ms: number) => void,
): Layer {
  const p = { ...DEFAULT_RETRY, ...policy };
  return (next) => async (req) => {
    const mayRetry =
      req.replayable !== false &&
      (!isWrite(req.method) || req.safeToRetry || !!req.headers['idempotency-key']);
    for (let attempt = 1; ; attempt++) {
      let res: WireResponse | undefined;
      let failure: TransportError | undefined;
      try {
        res = await next({ ...req, attempt });
      } catch (err) {
        if (!(err instanceof TransportError)) throw err;
        failure = err;
      }
      const verdict = res ? retryableResponse(res) : { retry: true as const, afterMs: undefined };
      if (!verdict.retry || !mayRetry || attempt > p.retries) {
        if (failure) throw failure;
        return res!;
      }
      if (verdict.afterMs !== undefined && verdict.afterMs > p.maxRetryAfterMs) {
        if (failure) throw failure;
        return res!;
      }
      const delay = verdict.afterMs ?? backoff(attempt, p);
      log?.(
        `retry ${attempt}/${p.retries} of ${req.method} ${req.url.pathname} in ${delay} ms (${
          res ? `HTTP ${res.status}` : failure?.message
        })`,
      );
      if (res?.stream) res.stream.destroy();
      if (res?.status === 429) onRateLimitWait?.(delay);
      await sleep(delay, req.signal);
    }
  };
}

/** Full jitter: uniform in [0, min(max, min * 2^(attempt-1))]. */
export function backoff(attempt: number, p: { minDelayMs: number; maxDelayMs: number }): number {
  const ceiling = Math.min(p.maxDelayMs, p.minDelayMs * 2 ** (attempt - 1));
  return Math.round(Math.random() * ceiling);
}

function retryableResponse(res: WireResponse): { retry: boolean; afterMs: number | undefined } {
  const afterMs = retryAfterMs(res.headers['retry-after']);
  if (res.status === 429 || res.status >= 500) return { retry: true, afterMs };
  if (res.status === 409) {
    const code = parseErrorBody(409, parseBody(res.bytes, res.headers['content-type'])).code;
    if (code === 'idempotency_in_progress') return { retry: true, afterMs };
  }
  return { retry: false, afterMs: undefined };
}
