import { Readable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { ExitCode, exitCodeOf } from '../../../src/cli/exit-codes.js';
import { type Client, multipart } from '../../../src/client/index.js';
import {
  ApiError,
  ConflictError,
  InterruptedError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  UsageError,
} from '../../../src/domain/errors.js';
import { isUlid } from '../../../src/domain/ids.js';
import { steppingClock } from './clock.js';
import { clientFor, delay, json, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('retry', () => {
  test('500 then 200 succeeds on the second attempt', async () => {
    server = await startServer((_req, res, n) =>
      n === 1
        ? json(res, 500, { error: { code: 'internal_error', message: 'boom' } })
        : json(res, 200, { data: [1] }),
    );
    client = clientFor(server);
    const r = await client.request({ method: 'GET', path: 'payables' });
    expect(r.data).toEqual([1]);
    expect(server.seen).toHaveLength(2);
  });

  test('a connection reset is retried', async () => {
    server = await startServer((_req, res, n) => {
      if (n === 1) {
        res.socket?.destroy();
        return;
      }
      json(res, 200, { data: { ok: 1 } });
    });
    client = clientFor(server);
    const r = await client.request({ method: 'GET', path: 'units' });
    expect(r.data).toEqual({ ok: 1 });
    expect(server.seen).toHaveLength(2);
  });

  test('a slow response times out and is retried', async () => {
    server = await startServer(async (_req, res, n) => {
      if (n === 1) await delay(400);
      json(res, 200, { data: n });
    });
    client = clientFor(server, { timeoutMs: 100 });
    await client.token(); // the token call is not what this test times
    const r = await client.request({ method: 'GET', path: 'units' });
    expect(r.data).toBe(2);
  });

  test('always slow: UnavailableError (exit 7) with code timeout after every retry', async () => {
    server = await startServer(async (_req, res) => {
      await delay(300);
      json(res, 200, { data: 1 });
    });
    client = clientFor(server, { timeoutMs: 50, retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } });
    await client.token();
    const err = await failure(client.request({ method: 'GET', path: 'units' }));
    expect(err).toBeInstanceOf(UnavailableError);
    expect(exitCodeOf(err)).toBe(ExitCode.unavailable);
    expect((err as UnavailableError).code).toBe('timeout');
    expect(server.seen).toHaveLength(3);
  });

  test('connection refused: UnavailableError (exit 7)', async () => {
    server = await startServer();
    const baseUrl = server.baseUrl;
    await server.close();
    client = clientFor({ ...server, baseUrl }, { retry: { retries: 1, minDelayMs: 1, maxDelayMs: 1 } });
    const err = await failure(client.request({ method: 'GET', path: 'units' }));
    expect(err).toBeInstanceOf(UnavailableError);
    expect(exitCodeOf(err)).toBe(7);
    expect((err as UnavailableError).code).toBe('network_error');
  });

  test("a retry's reason is said in both languages, for the terminal's notice (an upload retried on a Portuguese screen)", async () => {
    server = await startServer();
    const baseUrl = server.baseUrl;
    await server.close();
    const said: { ms: number; why: { en: string; pt: string } }[] = [];
    client = clientFor(
      { ...server, baseUrl },
      { retry: { retries: 1, minDelayMs: 1, maxDelayMs: 1 }, onRetry: (ms, why) => said.push({ ms, why }) },
    );
    await failure(client.request({ method: 'GET', path: 'units' }));
    expect(said).toHaveLength(1);
    expect(said[0]?.why).toEqual({
      en: 'the server is not reachable (ECONNREFUSED)',
      pt: 'não foi possível conectar ao servidor (ECONNREFUSED)',
    });
  });

  test('503 exhausted is exit 7; 500 exhausted is exit 8', async () => {
    server = await startServer((_req, res) =>
      json(res, 503, { error: { code: 'unavailable', message: 'down' } }),
    );
    client = clientFor(server, { retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } });
    const e503 = await failure(client.request({ method: 'GET', path: 'units' }));
    expect(e503).toBeInstanceOf(UnavailableError);
    expect(server.seen).toHaveLength(3);
    server.handle((_req, res) => json(res, 500, { error: { code: 'internal_error', message: 'bug' } }));
    const e500 = await failure(client.request({ method: 'GET', path: 'units' }));
    expect(e500).toBeInstanceOf(ApiError);
    expect(exitCodeOf(e500)).toBe(ExitCode.failed);
    expect((e500 as ApiError).code).toBe('internal_error');
    // A 500 is retried once, not until the attempts run out: a big upload is not sent five times.
    expect(server.seen).toHaveLength(3 + 2);
  });

  test('a 503 is retried within the time budget, not a fixed count', async () => {
    server = await startServer((_req, res) =>
      json(res, 503, { error: { code: 'unavailable', message: 'down' } }),
    );
    const clock = steppingClock();
    client = clientFor(server, {
      retry: { retries: 1000, minDelayMs: 20, maxDelayMs: 20, budgetMs: 300 },
      clock,
    });
    expect(await failure(client.request({ method: 'GET', path: 'units' }))).toBeInstanceOf(UnavailableError);
    const attempts = server.seen.length;
    expect(attempts).toBeGreaterThan(3);
    expect(attempts).toBeLessThan(1000);
    expect(attempts).toBe(clock.waits.length + 1);
    // It stopped when the next wait (at most 20 ms) would have gone past the budget, and not before.
    const waited = clock.waits.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThan(300 - 20);
    expect(waited).toBeLessThanOrEqual(300);
  });

  test('429 honours Retry-After seconds', async () => {
    server = await startServer((_req, res, n) =>
      n === 1
        ? json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0.25' })
        : json(res, 200, { data: 'ok' }),
    );
    const clock = steppingClock();
    client = clientFor(server, { clock });
    const r = await client.request({ method: 'GET', path: 'units' });
    expect(r.data).toBe('ok');
    expect(clock.waits).toEqual([250]);
  });

  test('429 honours Retry-After as an HTTP-date', async () => {
    // HTTP-dates have whole seconds: the client, at 12:00:00.250, waits until 12:00:01.
    const clock = steppingClock(Date.UTC(2026, 10, 24, 12, 0, 0, 250));
    server = await startServer((_req, res, n) =>
      n === 1
        ? json(
            res,
            429,
            { error: { code: 'rate_limited', message: 'x' } },
            { 'retry-after': 'Tue, 24 Nov 2026 12:00:01 GMT' },
          )
        : json(res, 200, { data: 'ok' }),
    );
    client = clientFor(server, { clock });
    expect((await client.request({ method: 'GET', path: 'units' })).data).toBe('ok');
    expect(clock.waits).toEqual([750]);
  });

  test('429 after every retry is RateLimitedError (exit 6) with retryAfterSeconds', async () => {
    server = await startServer((_req, res) =>
      json(res, 429, { error: { code: 'rate_limited', message: 'too many' } }, { 'retry-after': '0.01' }),
    );
    client = clientFor(server, { retry: { retries: 2, minDelayMs: 1, maxDelayMs: 2 } });
    const err = await failure(client.request({ method: 'GET', path: 'units' }));
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(exitCodeOf(err)).toBe(6);
    expect((err as RateLimitedError).code).toBe('rate_limited');
    expect((err as RateLimitedError).retryAfterSeconds).toBe(1);
    expect(server.seen).toHaveLength(3);
  });

  test('a POST keeps the same Idempotency-Key on every retry; each call gets its own', async () => {
    server = await startServer((_req, res, n) =>
      n <= 2 ? json(res, 502, {}) : json(res, 201, { data: { n } }),
    );
    client = clientFor(server);
    await client.request({ method: 'POST', path: 'payables', body: { amount: 100 } });
    const keys = server.seen.map((s) => s.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(isUlid(keys[0] as string)).toBe(true);
    expect(server.seen.every((s) => s.body === '{"amount":100}')).toBe(true);

    await client.request({ method: 'DELETE', path: 'payables/X' });
    expect(server.seen[3]!.headers['idempotency-key']).not.toBe(keys[0]);
    expect(server.seen.filter((s) => s.method === 'GET')).toHaveLength(0);
  });

  test("the caller's idempotency key is used (per call, or the client's --idempotency-key)", async () => {
    server = await startServer((_req, res) => json(res, 200, { data: {} }));
    client = clientFor(server, { idempotencyKey: 'client-key_1' });
    await client.request({ method: 'PATCH', path: 'payables/A', body: {} });
    await client.request({ method: 'POST', path: 'payables', body: {}, idempotencyKey: 'call-key' });
    await client.request({ method: 'GET', path: 'payables' });
    expect(server.seen.map((s) => s.headers['idempotency-key'])).toEqual([
      'client-key_1',
      'call-key',
      undefined,
    ]);
    const bad = await failure(
      client.request({ method: 'POST', path: 'payables', idempotencyKey: 'no spaces' }),
    );
    expect(bad).toBeInstanceOf(UsageError);
    expect(server.seen).toHaveLength(3);
  });

  test('409 idempotency_in_progress is retried after Retry-After; other 409s are not', async () => {
    server = await startServer((_req, res, n) =>
      n === 1
        ? json(
            res,
            409,
            { error: { code: 'idempotency_in_progress', message: 'wait' } },
            { 'retry-after': '0.05' },
          )
        : json(res, 201, { data: { done: true } }),
    );
    client = clientFor(server);
    const r = await client.request({ method: 'POST', path: 'payables', body: {} });
    expect(r.data).toEqual({ done: true });
    expect(server.seen[0]!.headers['idempotency-key']).toBe(server.seen[1]!.headers['idempotency-key']);

    server.handle((_req, res) =>
      json(res, 409, { error: { code: 'invalid_state', message: 'not pending' } }),
    );
    const err = await failure(client.request({ method: 'PATCH', path: 'payables/A', body: {} }));
    expect(err).toBeInstanceOf(ConflictError);
    expect(exitCodeOf(err)).toBe(5);
    expect((err as ConflictError).code).toBe('invalid_state');
    expect(server.seen).toHaveLength(3);
  });

  test('other 4xx are not retried', async () => {
    server = await startServer((_req, res) =>
      json(res, 404, { error: { code: 'not_found', message: 'no' } }),
    );
    client = clientFor(server);
    const err = await failure(client.request({ method: 'GET', path: 'payables/none' }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(server.seen).toHaveLength(1);
  });

  test('an abort signal interrupts a call in flight and a backoff wait (exit 130)', async () => {
    server = await startServer(async (_req, res) => {
      await delay(500);
      json(res, 200, { data: 1 });
    });
    client = clientFor(server);
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    // The server answers after 500 ms: an InterruptedError rather than the answer means the call was cut off.
    const err = await failure(client.request({ method: 'GET', path: 'units', signal: ctl.signal }));
    expect(err).toBeInstanceOf(InterruptedError);
    expect(exitCodeOf(err)).toBe(130);

    server.handle((_req, res) => json(res, 503, {}, { 'retry-after': '5' }));
    const ctl2 = new AbortController();
    setTimeout(() => ctl2.abort(), 100);
    const err2 = await failure(client.request({ method: 'GET', path: 'units', signal: ctl2.signal }));
    expect(err2).toBeInstanceOf(InterruptedError);
  });
});

describe('the wait for an answer to an upload', () => {
  test('grows with what was sent: a server slower than the call timeout still answers a 2 MiB upload', async () => {
    server = await startServer(async (_req, res) => {
      await delay(600);
      json(res, 200, { data: { imported: 1 } });
    });
    client = clientFor(server, { timeoutMs: 300, retry: { retries: 0, minDelayMs: 1, maxDelayMs: 1 } });
    await client.token();
    const bytes = Buffer.alloc(2 * 1_048_576, 'x');
    const form = multipart({
      fields: { format: 'ofx' },
      files: [
        {
          field: 'file',
          filename: 'big.ofx',
          contentType: 'application/x-ofx',
          size: bytes.length,
          open: () => Readable.from([bytes]),
        },
      ],
    });
    const r = await client.request<{ imported: number }>({
      method: 'POST',
      path: 'bank-accounts/1/statements/import',
      body: form,
    });
    expect(r.data).toEqual({ imported: 1 });
    // the same slowness on a call that sent nothing is a timeout
    const err = await failure(client.request({ method: 'GET', path: 'units' }));
    expect((err as UnavailableError).code).toBe('timeout');
  });
});
