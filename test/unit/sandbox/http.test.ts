import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxContext } from '../../../src/sandbox/http/context.js';
import { buildStatementOfx, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

const elevatorService = {
  supplier_id: 1,
  chart_of_accounts_id: 23,
  amount: 185_000,
  forma_pagamento: 'pix',
  due_date: '2030-01-10',
  description: 'Manutenção preventiva dos elevadores - janeiro',
};

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

describe('request ids', () => {
  test('a caller id is sanitized, cut to 64 and echoed, also inside error bodies', async () => {
    const r = await s.api('GET', '/payables/01ARZ3NDEKTSV4RRFFQ69G5FAV', {
      headers: { 'x-request-id': `trace: abc/def.${'x'.repeat(80)}` },
    });
    expect(r.status).toBe(404);
    const expected = `traceabcdef${'x'.repeat(53)}`;
    expect(r.headers.get('x-request-id')).toBe(expected);
    expect(r.body).toEqual({
      error: { code: 'not_found', message: 'payable not found', params: { resource: 'payable' } },
      request_id: expected,
    });
  });

  test('absent or empty after sanitizing: a new ULID', async () => {
    const none = await s.api('GET', '/units');
    const empty = await s.api('GET', '/units', { headers: { 'x-request-id': '///' } });
    for (const r of [none, empty]) expect(r.headers.get('x-request-id')).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(none.headers.get('x-request-id')).not.toBe(empty.headers.get('x-request-id'));
  });
});

describe('the error format for every failure', () => {
  test('unknown routes, malformed JSON, wrong media type, too large', async () => {
    const token = await s.token();
    const unknown = await s.call('GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');

    const malformed = await s.api('POST', '/payables', {
      headers: { 'content-type': 'application/json' },
      json: undefined,
      token,
    });
    expect(malformed.status).toBe(422); // no body at all is a validation failure
    const broken = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"amount": 10,',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('bad_request');

    const text = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token,
      headers: { 'content-type': 'text/plain' },
      body: 'amount=10',
    });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');

    const form = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token,
      body: new URLSearchParams({ amount: '10' }),
    });
    expect(form.status).toBe(415);

    const huge = await s.call('POST', `/condominiums/${TEST_CONDOMINIUM}/payables`, {
      token,
      json: { ...elevatorService, notes: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    for (const r of [unknown, broken, text, form, huge]) {
      expect(r.body.request_id).toBe(r.headers.get('x-request-id'));
      expect(r.text).not.toMatch(/at .*\.ts:\d+/); // no stack traces
    }
  });
});

/**
 * A request written to a raw socket in slices, the way a slow or loaded client uploads: resolves with everything
 * the server answered, or rejects with the socket's error (a reset where the server closed with bytes unread).
 */
async function uploadSlowly(
  url: string,
  head: string,
  bodyBytes: number,
): Promise<{ answer: string; sent: number }> {
  const { connect } = await import('node:net');
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => resolve({ answer, sent }));
    socket.once('connect', async () => {
      socket.write(`${head}Content-Length: ${bodyBytes}\r\n\r\n`);
      const slice = Buffer.alloc(64 * 1024, 0x20);
      while (sent < bodyBytes && !socket.destroyed) {
        const n = Math.min(slice.length, bodyBytes - sent);
        if (!socket.write(slice.subarray(0, n))) await new Promise((r) => socket.once('drain', r));
        sent += n;
        // a pause every 1 MB: the server decides its answer while the client is still sending
        if (sent % (1024 * 1024) === 0) await new Promise((r) => setTimeout(r, 20));
      }
    });
  });
}

test('an idle connection is kept 72 s, as fastify keeps its own servers', async () => {
  // the server is made by the sandbox (its port bound first), so fastify's default must be set on it: at Node's 5 s,
  // a client reusing a connection just closed got a reset on a loaded machine (#50 point 2)
  const r = await fetch(`${s.sandbox.baseUrl}/api/v1/ping`);
  await r.text();
  expect(r.headers.get('keep-alive')).toBe('timeout=72');
});

describe('an answer decided before the body is read', () => {
  test('is given after the rest has been read, so a client still sending gets it, not a reset', async () => {
    const host = `Host: 127.0.0.1\r\nConnection: close\r\n`;
    const json = `${host}Content-Type: application/json\r\n`;
    // over the 1 MB a JSON body may have: 413 once the limit is passed, with 3 MB still to come
    const tooLarge = await uploadSlowly(
      s.sandbox.baseUrl,
      `POST /api/v1/condominiums/${TEST_CONDOMINIUM}/payables HTTP/1.1\r\nAuthorization: Bearer ${await s.token()}\r\n${json}`,
      4 * 1024 * 1024,
    );
    expect(tooLarge.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(tooLarge.answer).toContain('"payload_too_large"');
    expect(tooLarge.sent).toBe(4 * 1024 * 1024);
    // no token: 401 from the headers alone, before a byte of the upload is read
    const unauthenticated = await uploadSlowly(
      s.sandbox.baseUrl,
      `POST /api/v1/condominiums/${TEST_CONDOMINIUM}/bank-accounts/1/statements/import HTTP/1.1\r\n${host}Content-Type: multipart/form-data; boundary=x\r\n`,
      3 * 1024 * 1024,
    );
    expect(unauthenticated.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(unauthenticated.sent).toBe(3 * 1024 * 1024);
  });
});

describe('rate limits', () => {
  test('per token: headers on every response, then 429 with Retry-After', async () => {
    const limited = await sandboxSession({ rateLimit: { count: 3, seconds: 60 } });
    try {
      const token = await limited.token();
      const seen: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.call('GET', `/condominiums/${TEST_CONDOMINIUM}/units`, { token });
        expect(r.status).toBe(200);
        expect(r.headers.get('x-ratelimit-limit')).toBe('3');
        expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
        seen.push(r.headers.get('x-ratelimit-remaining'));
      }
      expect(seen).toEqual(['2', '1', '0']);
      const refused = await limited.call('GET', `/condominiums/${TEST_CONDOMINIUM}/units`, { token });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

      // another token has its own window
      const fresh = await limited.token();
      expect(
        (await limited.call('GET', `/condominiums/${TEST_CONDOMINIUM}/units`, { token: fresh })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('per IP without a token, the token endpoint included', async () => {
    const limited = await sandboxSession({ ipRateLimit: { count: 2, seconds: 60 } });
    try {
      await limited.token(); // 1
      const anon = await limited.call('GET', '/ping'); // 2
      expect(anon.headers.get('x-ratelimit-remaining')).toBe('0');
      const refused = await limited.call('POST', '/oauth/token', {
        json: { grant_type: 'client_credentials' },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('idempotency keys', () => {
  test('a retry with the same key and body is replayed, not executed again', async () => {
    const first = await s.api('POST', '/payables', {
      json: elevatorService,
      headers: { 'idempotency-key': 'retry-1' },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();

    const reordered = Object.fromEntries(Object.entries(elevatorService).reverse());
    const again = await s.api('POST', '/payables', {
      json: reordered,
      headers: { 'idempotency-key': 'retry-1' },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('1');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const list = await s.api('GET', `/payables?per_page=100`);
    expect(
      list.body.data.filter((p: { public_id: string }) => p.public_id === first.body.data.public_id),
    ).toHaveLength(1);
  });

  test('the same key with another body or path is a conflict', async () => {
    await s.api('POST', '/payables', { json: elevatorService, headers: { 'idempotency-key': 'conflict-1' } });
    const otherBody = await s.api('POST', '/payables', {
      json: { ...elevatorService, amount: 1 },
      headers: { 'idempotency-key': 'conflict-1' },
    });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.error.code).toBe('idempotency_conflict');
    const otherPath = await s.api('PATCH', '/payables/01ARZ3NDEKTSV4RRFFQ69G5FAV', {
      json: elevatorService,
      headers: { 'idempotency-key': 'conflict-1' },
    });
    expect(otherPath.body.error.code).toBe('idempotency_conflict');
  });

  test('keys are scoped to the client', async () => {
    const other = await s.token('other');
    const mine = await s.api('POST', '/payables', {
      json: elevatorService,
      headers: { 'idempotency-key': 'shared' },
    });
    const theirs = await s.call('POST', '/condominiums/edificio-aurora/payables', {
      token: other,
      json: { ...elevatorService, supplier_id: null },
      headers: { 'idempotency-key': 'shared' },
    });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(422); // ran (their chart ids differ), not a conflict with ours
    expect(theirs.body.error.code).toBe('validation_failed');
  });

  test('a refusal is replayed too; a malformed key is a 400 naming the header', async () => {
    const refused = await s.api('POST', '/payables', {
      json: { amount: 1 },
      headers: { 'idempotency-key': 'bad-body' },
    });
    const replay = await s.api('POST', '/payables', {
      json: { amount: 1 },
      headers: { 'idempotency-key': 'bad-body' },
    });
    expect(refused.status).toBe(422);
    expect(replay.status).toBe(422);
    expect(replay.headers.get('idempotency-replayed')).toBe('1');

    const malformed = await s.api('POST', '/payables', {
      json: elevatorService,
      headers: { 'idempotency-key': 'has spaces!' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('bad_request');
    expect(Object.keys(malformed.body.error.fields)).toEqual(['Idempotency-Key']);
  });

  test('while the first request is still running, a retry is told to wait', async () => {
    // A statement import writes its lines in chunks, answering other requests in between: two uploads of the
    // same file with one key overlap there, and the later one is told to wait. 10,000 lines keep the first busy
    // for a good while after the second arrives.
    const transactions = Array.from({ length: 10_000 }, (_, i) => ({
      fitid: `W${i}`,
      date: '2026-01-15',
      amountCents: -(100 + i),
      memo: `TARIFA ${i}`,
    }));
    const ofx = buildStatementOfx({
      bankCode: '341',
      agency: '0350',
      account: '12345-1',
      start: '2026-01-01',
      end: '2026-01-31',
      balanceCents: 0,
      transactions,
    });
    const accounts = await s.api('GET', '/bank-accounts');
    const account = accounts.body.data.find((b: { is_payment_account: boolean }) => b.is_payment_account);
    const token = await s.token();
    const send = () => {
      const form = new FormData();
      form.set('format', 'ofx');
      form.set('file', new Blob([ofx]), 'january.ofx');
      return s.call(
        'POST',
        `/condominiums/${TEST_CONDOMINIUM}/bank-accounts/${account.id}/statements/import`,
        {
          token,
          body: form,
          headers: { 'idempotency-key': 'slow-1' },
        },
      );
    };
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [done, waiting] = a.status === 201 ? [a, b] : [b, a];
    expect(waiting.body.error.code).toBe('idempotency_in_progress');
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(done.body.data.imported).toBe(10_000);
    const third = await send();
    expect(third.headers.get('idempotency-replayed')).toBe('1');
    expect(third.body).toEqual(done.body);
  });

  test('a full disk rolls the write back and frees its key; once there is room the same key creates one payable', async () => {
    let ctx: SandboxContext | undefined;
    const full = await sandboxSession({}, (c) => {
      ctx = c;
    });
    try {
      const sqlite = ctx!.store.sqlite;
      const token = await full.token();
      // notes of 2000 three-byte characters need a page of their own: with no page to spare, SQLITE_FULL
      const bulky = { ...elevatorService, notes: '€'.repeat(2000) };
      const send = () =>
        full.api('POST', '/payables', { token, json: bulky, headers: { 'idempotency-key': 'k5' } });
      const before = (await full.api('GET', '/payables', { token })).body.meta.total;
      sqlite.exec('VACUUM');
      sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true })}`);
      const first = await send();
      expect(first.status).toBe(503);
      expect(first.body.error.code).toBe('storage_unavailable');
      expect(first.body.error.message).toMatch(/full.*SQLITE_FULL/);
      const again = await send();
      expect(again.status).toBe(503);
      expect((await full.api('GET', '/payables', { token })).body.meta.total).toBe(before);

      sqlite.pragma('max_page_count = 1073741823');
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotency-replayed')).toBeNull();
      await full.restart();
      const replay = await send();
      expect(replay.headers.get('idempotency-replayed')).toBe('1');
      expect(replay.body.data.public_id).toBe(retry.body.data.public_id);
      const list = await full.api('GET', '/payables', { token });
      expect(list.body.meta.total).toBe(before + 1);
    } finally {
      await full.close();
    }
  });
});

describe('the contract as strict as the server (#53)', () => {
  test('a query parameter the operation does not take is refused by name, as a body field is', async () => {
    const token = await s.token();
    const typo = await s.api('GET', '/payables?stat=paid', { token });
    expect(typo.status).toBe(422);
    expect(typo.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { stat: ['is not a parameter of this operation'] },
    });
    expect(typo.body.error.message).toContain('stat');
    // the declared ones still work, paging included
    expect((await s.api('GET', '/payables?state=paid&page=1&per_page=5', { token })).status).toBe(200);
  });

  test('a page past the document’s maximum is refused with the bound the document states', async () => {
    const token = await s.token();
    const far = await s.api('GET', '/payables?page=99999999999999999', { token });
    expect(far.status).toBe(422);
    expect(far.body.error.fields.page).toEqual(['must be an integer']);
    const past = await s.api('GET', '/payables?page=1000000001', { token });
    expect(past.body.error.fields.page).toEqual(['must be between 1 and 1000000000']);
  });

  test('a method a known path does not take: 405 with Allow', async () => {
    const token = await s.token();
    const r = await s.api('PUT', '/payables', { token, json: {} });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(r.body.error.code).toBe('method_not_allowed');
    const token405 = await s.call('GET', '/oauth/token');
    expect(token405.status).toBe(405);
    expect(token405.headers.get('allow')).toBe('POST');
    expect((await s.call('GET', '/nothing-here')).status).toBe(404);
  });

  test('a webhook URL with a user or password is refused; an unknown event too', async () => {
    const token = await s.token();
    const creds = await s.api('POST', '/webhooks/subscriptions', {
      token,
      json: { url: 'https://user:secret@example.com/hook', events: ['*'] },
    });
    expect(creds.status).toBe(422);
    expect(creds.body.error.fields.url[0]).toContain('must not carry a user or password');
    expect(JSON.stringify(creds.body)).not.toContain('secret');
    const event = await s.api('POST', '/webhooks/subscriptions', {
      token,
      json: { url: 'https://example.com/hook', events: ['payable.exploded'] },
    });
    expect(event.status).toBe(422);
    expect(Object.keys(event.body.error.fields)).toContain('events');
  });

  test('the document states the bounds the server checks: ids from 1, days from 0, a period’s pattern, the last page', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body;
    const param = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name?: string }) => p.name === name)?.schema;
    expect(param('/condominiums/{condominium}/payables', 'supplier_id')).toMatchObject({ minimum: 1 });
    expect(param('/condominiums/{condominium}/defaulters', 'min_overdue_days')).toMatchObject({ minimum: 0 });
    expect(param('/condominiums/{condominium}/account-entries', 'period').pattern).toBe(
      '^\\d{4}-(0[1-9]|1[0-2])$',
    );
    expect(doc.components.parameters.page.schema.maximum).toBe(1_000_000_000);
  });
});
