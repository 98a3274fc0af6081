import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OTHER_CONDOMINIUM, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

describe('getting a token', () => {
  test('client credentials as form fields give a bearer token with every scope of the client', async () => {
    const c = s.client('default');
    const r = await s.call('POST', '/oauth/token', {
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: c.client_id,
        client_secret: c.client_secret,
      }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(r.body.access_token).toMatch(/^\S{32,}$/);
    expect(r.body.scope.split(' ').sort()).toEqual([...c.scopes].sort());
  });

  test('HTTP Basic credentials and a narrower scope', async () => {
    const c = s.client('default');
    const basic = Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64');
    const r = await s.call('POST', '/oauth/token', {
      headers: { authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payments.read bank.read' }),
    });
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe('payments.read bank.read');

    const narrow = r.body.access_token;
    const list = await s.call('GET', `/condominiums/${TEST_CONDOMINIUM}/payables`, { token: narrow });
    expect(list.status).toBe(200);
    const write = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token: narrow,
      json: {},
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('insufficient_scope');
  });

  test('refusals follow RFC 6749', async () => {
    const c = s.client('read-only');
    const creds = { client_id: c.client_id, client_secret: c.client_secret };

    const noGrant = await s.call('POST', '/oauth/token', { json: creds });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe('invalid_request');

    const password = await s.call('POST', '/oauth/token', { json: { ...creds, grant_type: 'password' } });
    expect(password.status).toBe(400);
    expect(password.body.error).toBe('unsupported_grant_type');

    const tooMuch = await s.call('POST', '/oauth/token', {
      json: { ...creds, grant_type: 'client_credentials', scope: 'payments.read payments.write' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('invalid_scope');
    expect(tooMuch.body.error_description).toMatch(/payments\.write/);

    const wrongSecret = await s.call('POST', '/oauth/token', {
      json: { ...creds, client_secret: 'nope', grant_type: 'client_credentials' },
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');

    const basic = Buffer.from(`${c.client_id}:wrong`).toString('base64');
    const wrongBasic = await s.call('POST', '/oauth/token', {
      headers: { authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(wrongBasic.status).toBe(401);
    expect(wrongBasic.headers.get('www-authenticate')).toMatch(/^Basic/);

    const both = await s.call('POST', '/oauth/token', {
      headers: {
        authorization: `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', ...creds }),
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');

    const garbled = await s.call('POST', '/oauth/token', {
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.error).toBe('invalid_request');
  });
});

describe('calling the API with a token', () => {
  test('no token, a malformed header or an unknown token: 401 with WWW-Authenticate', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Token abc' },
      { authorization: 'Bearer not-a-token' },
    ];
    for (const headers of attempts) {
      const r = await s.call('GET', `/condominiums/${TEST_CONDOMINIUM}/payables`, { headers });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthenticated');
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(r.body.request_id).toBe(r.headers.get('x-request-id'));
    }
  });

  test('an expired token is refused', async () => {
    let later = 0;
    const short = await sandboxSession({ tokenTtlSeconds: 60, now: () => new Date(Date.now() + later) });
    try {
      const token = await short.token();
      expect((await short.call('GET', `/condominiums/${TEST_CONDOMINIUM}/units`, { token })).status).toBe(
        200,
      );
      later = 61_000; // the server's clock, not a sleep
      const r = await short.call('GET', `/condominiums/${TEST_CONDOMINIUM}/units`, { token });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthenticated');
    } finally {
      await short.close();
    }
  });

  test('a token of one condominium reveals nothing of another, nor of a slug that does not exist', async () => {
    const other = await s.token('other');
    const theirs = await s.call('GET', `/condominiums/${OTHER_CONDOMINIUM}/suppliers`, { token: other });
    expect(theirs.status).toBe(200);

    const mine = await s.call('GET', `/condominiums/${TEST_CONDOMINIUM}/suppliers`, { token: other });
    const nowhere = await s.call('GET', `/condominiums/no-such-condominium/suppliers`, { token: other });
    for (const r of [mine, nowhere]) {
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('forbidden');
    }
    expect(mine.body.error.message).toBe(nowhere.body.error.message);
  });

  test('the read-only client can read but not write, and is told which scope is missing', async () => {
    const token = await s.token('read-only');
    expect((await s.call('GET', `/condominiums/${TEST_CONDOMINIUM}/payables`, { token })).status).toBe(200);
    const r = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token,
      json: {
        chart_of_accounts_id: 23,
        amount: 100,
        forma_pagamento: 'pix',
        due_date: '2030-01-10',
        description: 'x',
      },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('insufficient_scope');
    expect(r.body.error.message).toMatch(/payments\.write/);
  });

  test('each read endpoint needs its own scope', async () => {
    const onlyPayments = await s.token('default', 'payments.read');
    const needs: Record<string, string> = {
      '/chart-of-accounts': 'plano-de-contas.read',
      '/bank-accounts': 'bank.read',
      '/suppliers': 'cadastros.read',
      '/units': 'cadastros.read',
    };
    for (const [path, scope] of Object.entries(needs)) {
      const r = await s.call('GET', `/condominiums/${TEST_CONDOMINIUM}${path}`, { token: onlyPayments });
      expect(r.status, path).toBe(403);
      expect(r.body.error.message, path).toContain(scope);
    }
  });
});
