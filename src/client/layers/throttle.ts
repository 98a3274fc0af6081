import { retryAfterMs } from '../errors.js';
import { type Clock, systemClock } from '../sleep.js';
import type { Layer } from '../wire.js';

/** The longest the limiter ever waits in one go: a rate-limit window is a minute; guards against clock skew. */
const MAX_WAIT_MS = 65_000;
/** Resets this close together are one window (servers sending whole seconds until the reset drift by one). */
const SAME_WINDOW_MS = 1000;

/**
 * One limiter shared by every call of a client, paced on X-RateLimit-Remaining / X-RateLimit-Reset.
 * A call may start while the last reported `remaining` exceeds the calls already in flight (each of which will
 * spend one); otherwise it waits until the window resets. A 429's Retry-After pauses every call.
 */
export class RateLimiter {
  private remaining: number | undefined;
  private resetAt: number | undefined;
  private pausedUntil = 0;
  private inFlight = 0;

  constructor(
    private readonly log?: (line: string) => void,
    private readonly clock: Clock = systemClock,
    private readonly onWait?: (ms: number) => void,
  ) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (this.resetAt !== undefined && now >= this.resetAt) {
        this.remaining = undefined;
        this.resetAt = undefined;
      }
      let until = this.pausedUntil > now ? this.pausedUntil : 0;
      if (!until && this.remaining !== undefined && this.remaining - this.inFlight <= 0 && this.resetAt) {
        until = this.resetAt;
      }
      if (!until) {
        this.inFlight++;
        return;
      }
      const wait = Math.min(until - now, MAX_WAIT_MS);
      this.log?.(`throttle: waiting ${wait} ms for the rate-limit window (remaining ${this.remaining ?? 0})`);
      this.onWait?.(wait);
      await this.clock.sleep(wait, signal);
      if (wait === MAX_WAIT_MS) {
        // Never block forever on a reset the server placed too far away.
        this.pausedUntil = 0;
        this.remaining = undefined;
        this.resetAt = undefined;
      }
    }
  }

  release(headers: Record<string, string> | undefined, status?: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (!headers) return;
    const now = this.clock.now();
    if (this.resetAt !== undefined && now >= this.resetAt) {
      this.remaining = undefined;
      this.resetAt = undefined;
    }
    const remaining = intHeader(headers['x-ratelimit-remaining']);
    const resetAt = resetHeader(headers['x-ratelimit-reset'], now);
    if (remaining !== undefined && !(resetAt !== undefined && resetAt <= now)) {
      const laterWindow =
        this.remaining === undefined ||
        resetAt === undefined ||
        this.resetAt === undefined ||
        resetAt > this.resetAt + SAME_WINDOW_MS;
      // Responses of one window arrive out of order: the smallest remaining is the freshest.
      this.remaining = laterWindow ? remaining : Math.min(this.remaining ?? remaining, remaining);
      if (resetAt !== undefined)
        this.resetAt = laterWindow ? resetAt : Math.max(this.resetAt ?? resetAt, resetAt);
      else if (remaining <= 0) this.resetAt ??= now + 1000;
    }
    if (status === 429) {
      const after = retryAfterMs(headers['retry-after'], now) ?? (resetAt ? resetAt - now : 1000);
      this.pausedUntil = Math.max(this.pausedUntil, now + Math.min(after, MAX_WAIT_MS));
    }
  }
}

function intHeader(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Math.floor(Number(value));
}

/**
 * X-RateLimit-Reset as an epoch-ms instant. Servers send seconds until the reset (IETF draft), epoch seconds
 * (GitHub) or epoch milliseconds; the magnitude tells them apart. Fractions of a second are tolerated.
 */
export function resetHeader(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) {
    const date = Date.parse(v);
    return Number.isNaN(date) ? undefined : date;
  }
  const n = Number(v);
  if (n >= 1e12) return n;
  if (n >= 1e9) return n * 1000;
  return now + n * 1000;
}

export function throttle(limiter: RateLimiter): Layer {
  return (next) => async (req) => {
    await limiter.acquire(req.signal);
    try {
      const res = await next(req);
      limiter.release(res.headers, res.status);
      return res;
    } catch (err) {
      limiter.release(undefined);
      throw err;
    }
  };
}
