import { afterEach, describe, expect, test } from 'vitest';
import { ExitCode, exitCodeOf } from '../../../src/cli/exit-codes.js';
import type { CachedToken, Client, TokenCache } from '../../../src/client/index.js';
import { AuthError } from '../../../src/domain/errors.js';
import { isUlid } from '../../../src/domain/ids.js';
import { CLIENT_ID, clientFor, json, SECRET, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

describe('request and auth', () => {
  test('a GET carries a bearer token, a ULID request id, and unwraps data', async () => {
    server = await startServer((req, res) =>
      json(
        res,
        200,
        { data: { public_id: 'P1', extra: { kept: true } } },
        { 'x-request-id': req.headers['x-request-id'] as string },
      ),
    );
    client = clientFor(server, { scopes: ['payments.read', 'payments.write'] });
    const r = await client.request<{ public_id: string }>({
      method: 'GET',
      path: 'payables/P1',
      query: { x: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ public_id: 'P1', extra: { kept: true } });
    expect(r.body).toEqual({ data: { public_id: 'P1', extra: { kept: true } } });
    const seen = server.seen[0]!;
    expect(seen.path).toBe('/api/v1/condominiums/residencial-aurora/payables/P1');
    expect(seen.url.searchParams.get('x')).toBe('1');
    expect(seen.headers.authorization).toBe(`Bearer ${server.tokensIssued[0]}`);
    expect(isUlid(seen.headers['x-request-id'] as string)).toBe(true);
    expect(r.requestId).toBe(seen.headers['x-request-id']);
    expect(r.replayed).toBe(false);

    // The token request: form-encoded client credentials grant, HTTP Basic, the scopes asked for.
    const t = server.tokenRequests[0]!;
    expect(t.method).toBe('POST');
    expect(t.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(t.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('payments.read payments.write');
    expect(t.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`);
  });

  test('a path under /api/ is absolute; a bare array is the data', async () => {
    server = await startServer((_req, res) => json(res, 200, [{ id: 1 }, { id: 2 }]));
    client = clientFor(server);
    const r = await client.request({ method: 'GET', path: '/api/v1/condominiums/other/units' });
    expect(server.seen[0]!.path).toBe('/api/v1/condominiums/other/units');
    expect(r.data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('one token serves many calls, concurrent ones included', async () => {
    server = await startServer((_req, res) => json(res, 200, { data: [] }));
    client = clientFor(server);
    await Promise.all([1, 2, 3, 4].map(() => client!.request({ method: 'GET', path: 'units' })));
    await client.request({ method: 'GET', path: 'units' });
    expect(server.tokenRequests).toHaveLength(1);
    expect(new Set(server.seen.map((s) => s.headers.authorization)).size).toBe(1);
  });

  test('the token cache is used, and a token within 60 s of expiry is renewed', async () => {
    server = await startServer((_req, res) => json(res, 200, { data: [] }));
    const store = new Map<string, CachedToken>();
    const cache: TokenCache = {
      get: async (k) => store.get(k),
      set: async (k, t) => {
        store.set(k, t);
      },
      delete: (k) => {
        store.delete(k);
      },
    };
    store.set('profile:default', {
      access_token: 'cached-good',
      expires_at: Date.now() + 10 * 60_000,
      scope: [],
    });
    client = clientFor(server, { tokenCache: cache, tokenCacheKey: 'profile:default' });
    await client.request({ method: 'GET', path: 'units' });
    expect(server.seen[0]!.headers.authorization).toBe('Bearer cached-good');
    expect(server.tokenRequests).toHaveLength(0);
    await client.close();

    store.set('profile:default', {
      access_token: 'cached-stale',
      expires_at: Date.now() + 30_000,
      scope: [],
    });
    client = clientFor(server, { tokenCache: cache, tokenCacheKey: 'profile:default' });
    const token = await client.token();
    expect(token.access_token).toBe(server.tokensIssued[0]);
    expect(server.tokenRequests).toHaveLength(1);
    expect(store.get('profile:default')?.access_token).toBe(server.tokensIssued[0]);
    expect(token.expires_at).toBeGreaterThan(Date.now() + 3500_000);
    expect(token.scope).toEqual(['payments.read']);
  });

  test('a 401 renews the token once and replays the request', async () => {
    server = await startServer((req, res) => {
      if (req.headers.authorization === `Bearer ${server.tokensIssued[0]}`) {
        return json(res, 401, { error: { code: 'unauthenticated', message: 'token revoked' } });
      }
      json(res, 201, { data: { ok: true } });
    });
    client = clientFor(server);
    const r = await client.request({ method: 'POST', path: 'payables', body: { amount: 1 } });
    expect(r.status).toBe(201);
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.headers.authorization).toBe(`Bearer ${server.tokensIssued[1]}`);
    // The replay is the same call: same idempotency key and request id.
    expect(server.seen[1]!.headers['idempotency-key']).toBe(server.seen[0]!.headers['idempotency-key']);
    expect(server.seen[1]!.headers['x-request-id']).toBe(server.seen[0]!.headers['x-request-id']);
  });

  test('a second 401 is an AuthError (exit 3) without another refresh', async () => {
    server = await startServer((_req, res) =>
      json(res, 401, { error: { code: 'unauthenticated', message: 'no' }, request_id: 'RID1' }),
    );
    client = clientFor(server);
    const err = await client.request({ method: 'GET', path: 'units' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(exitCodeOf(err)).toBe(ExitCode.auth);
    expect((err as AuthError).requestId).toBe('RID1');
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.seen).toHaveLength(2);
  });

  test('--request-id is sanitized and used for every call; replays are flagged', async () => {
    server = await startServer((_req, res) => json(res, 201, { data: {} }, { 'idempotency-replayed': '1' }));
    client = clientFor(server, { requestId: 'trace 42/abc!' });
    const r1 = await client.request({ method: 'POST', path: 'payables', body: {} });
    await client.request({ method: 'GET', path: 'payables' });
    expect(server.seen.map((s) => s.headers['x-request-id'])).toEqual(['trace42abc', 'trace42abc']);
    expect(server.tokenRequests[0]!.headers['x-request-id']).toBe('trace42abc');
    expect(r1.replayed).toBe(true);
  });

  test('token() with fresh fetches a new token even when one is cached', async () => {
    server = await startServer();
    client = clientFor(server);
    const a = await client.token();
    const b = await client.token();
    const c = await client.token({ fresh: true });
    expect(a.access_token).toBe(b.access_token);
    expect(c.access_token).not.toBe(a.access_token);
    expect(server.tokenRequests).toHaveLength(2);
  });
});
