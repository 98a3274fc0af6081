import { afterEach, describe, expect, test } from 'vitest';
import type { Client } from '../../../src/client/index.js';
import { RateLimiter, resetHeader } from '../../../src/client/layers/throttle.js';
import { manualClock, recordingClock, steppingClock } from './clock.js';
import { clientFor, json, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

/** A server enforcing `limit` requests per `windowMs`, answering 429 beyond it, with rate-limit headers. */
function limited(limit: number, windowMs: number, log: { over: number; maxConcurrent: number }) {
  let windowStart = Date.now();
  let used = 0;
  let active = 0;
  return async (_req: unknown, res: import('node:http').ServerResponse) => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    const resetIn = ((windowStart + windowMs - now) / 1000).toFixed(3);
    used++;
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': resetIn,
    };
    if (used > limit) {
      log.over++;
      return json(
        res,
        429,
        { error: { code: 'rate_limited', message: 'x' } },
        { ...headers, 'retry-after': resetIn },
      );
    }
    active++;
    log.maxConcurrent = Math.max(log.maxConcurrent, active);
    await new Promise((r) => setTimeout(r, 5));
    active--;
    json(res, 200, { data: { public_id: 'P', state: 'marked_for_remessa' } }, headers);
  };
}

describe('throttle', () => {
  test('remaining 0 makes the next call wait for the reset', async () => {
    server = await startServer((_req, res, n) =>
      json(
        res,
        200,
        { data: n },
        { 'x-ratelimit-remaining': n === 1 ? '0' : '10', 'x-ratelimit-reset': '0.3' },
      ),
    );
    const clock = steppingClock();
    client = clientFor(server, { clock });
    await client.request({ method: 'GET', path: 'units' });
    expect(clock.waits).toEqual([]);
    await client.request({ method: 'GET', path: 'units' });
    expect(clock.waits).toEqual([300]);
    expect(server.seen).toHaveLength(2);
  });

  test('a bulk run stays within the rate limit: no 429 at all', async () => {
    const log = { over: 0, maxConcurrent: 0 };
    server = await startServer(limited(5, 250, log));
    // The server keeps real time, so the client does too; its waits are recorded.
    const clock = recordingClock();
    client = clientFor(server, { concurrency: 4, clock });
    const ids = Array.from({ length: 14 }, (_, i) =>
      `01J0000000000000000000000${i.toString(16)}`.slice(0, 26),
    );
    const results = await client.payables.markMany(ids);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(log.over).toBe(0);
    expect(server.seen).toHaveLength(14);
    expect(log.maxConcurrent).toBeLessThanOrEqual(4);
    // 14 calls at 5 per window need at least two resets, and the client waited for them instead of a 429.
    expect(clock.waits.length).toBeGreaterThanOrEqual(2);
  });

  test('the limiter counts calls in flight against the remaining budget', async () => {
    const clock = manualClock();
    const t0 = clock.now();
    const limiter = new RateLimiter(undefined, clock);
    await limiter.acquire();
    await limiter.acquire();
    // first response: 2 left in this window, one call still in flight -> one more may start, not two
    limiter.release({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '0.2' });
    await limiter.acquire();
    let startedAt = 0;
    const waiting = limiter.acquire().then(() => {
      startedAt = clock.now();
    });
    await clock.advance(0);
    expect(clock.sleeping()).toEqual([200]); // until the window resets
    // a stale, larger remaining from the same window does not reopen it
    limiter.release({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '0.17' });
    await clock.advance(30);
    expect(startedAt).toBe(0);
    await clock.advance(170);
    await waiting; // the window reset
    expect(startedAt - t0).toBe(200);
  });

  test('X-RateLimit-Reset as delta seconds, epoch seconds or epoch ms', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(resetHeader('30', now)).toBe(now + 30_000);
    expect(resetHeader(String(now / 1000 + 5), now)).toBe(now + 5000);
    expect(resetHeader(String(now + 7000), now)).toBe(now + 7000);
    expect(resetHeader('soon', now)).toBeUndefined();
  });
});
