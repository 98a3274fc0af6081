import { afterEach, describe, expect, test } from 'vitest';
import type { Client } from '../../../src/client/index.js';
import { CLIENT_ID, clientFor, json, SECRET, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

describe('--debug trace', () => {
  test('shows method, URL, status, duration, request id and headers, never a secret or a token', async () => {
    server = await startServer((req, res, n) => {
      if (n === 1) return json(res, 500, { error: { code: 'internal_error', message: 'retry me' } });
      json(
        res,
        201,
        {
          data: { public_id: 'P1', webhook: { secret: 'whsec-LEAKED-1' } },
          access_token: 'nested-token-LEAK',
        },
        { 'x-request-id': req.headers['x-request-id'] as string, 'x-ratelimit-remaining': '599' },
      );
    });
    const lines: string[] = [];
    client = clientFor(server, { debug: (l) => lines.push(l), requestId: 'dbg-1' });
    await client.request({ method: 'POST', path: 'payables', body: { amount: 100, client_secret: SECRET } });
    await client.request({
      method: 'POST',
      path: '/api/v1/other',
      query: { access_token: 'query-token-LEAK', page: 2 },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `client_id=${CLIENT_ID}&client_secret=${encodeURIComponent(SECRET)}`,
    });
    const trace = lines.join('\n');
    const token = server.tokensIssued[0]!;
    const basic = Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64');
    for (const secret of [
      SECRET,
      encodeURIComponent(SECRET),
      token,
      basic,
      'whsec-LEAKED-1',
      'nested-token-LEAK',
      'query-token-LEAK',
    ]) {
      expect(trace).not.toContain(secret);
    }
    expect(trace).toContain('authorization: Basic [REDACTED]');
    expect(trace).toContain('authorization: Bearer [REDACTED]');
    expect(trace).toMatch(/"access_token":"\[REDACTED\]"/);
    expect(trace).toMatch(/"client_secret":"\[REDACTED\]"/);
    expect(trace).toContain('client_secret=[REDACTED]');
    expect(trace).toContain('access_token=[REDACTED]');
    expect(trace).toMatch(
      /> POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/condominiums\/residencial-aurora\/payables/,
    );
    expect(trace).toMatch(/< 201 POST \S+ \d+ms request-id=dbg-1/);
    expect(trace).toMatch(/< 500 POST/);
    expect(trace).toMatch(/\(attempt 2\)/);
    expect(trace).toContain('x-ratelimit-remaining: 599');
    expect(trace).toMatch(/idempotency-key: [0-9A-Z]{26}/);
    expect(trace).toContain('"amount":100');
  });

  test('a secret echoed where no field name gives it away is still scrubbed', async () => {
    server = await startServer((_req, res) =>
      json(res, 400, {
        error: { code: 'bad_request', message: `unexpected value ${SECRET} in ${server.tokensIssued[0]}` },
      }),
    );
    const lines: string[] = [];
    client = clientFor(server, { debug: (l) => lines.push(l) });
    await expect(client.request({ method: 'GET', path: 'units' })).rejects.toThrow(/unexpected value/);
    const trace = lines.join('\n');
    expect(trace).toContain('unexpected value [REDACTED] in [REDACTED]');
    expect(trace).not.toContain(SECRET);
    expect(trace).not.toContain(server.tokensIssued[0]!);
  });
});
