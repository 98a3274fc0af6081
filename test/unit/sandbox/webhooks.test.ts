import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import { verifyWebhookSignature } from '../../../src/domain/webhooks.js';
import { buildStatementOfx } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const today = todayIn(new Date());

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: records every request; `plan` decides each answer (a status, or 'drop' the socket). */
class Receiver {
  readonly received: Received[] = [];
  plan: Array<number | 'drop' | 'hang'> = [];
  private hanging: Array<() => void> = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = this.plan.shift() ?? 200;
      if (next === 'drop') {
        req.socket.destroy();
        return;
      }
      if (next === 'hang') {
        await new Promise<void>((resolve) => this.hanging.push(resolve));
      }
      res.writeHead(next === 'hang' ? 200 : next).end('ok');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  release(): void {
    for (const r of this.hanging.splice(0)) r();
  }

  reset(): void {
    this.received.length = 0;
    this.plan = [];
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every delivery delivered or out of retries: what is recorded now is all there will be. */
const settled = () => s.sandbox.webhooksSettled();

let s: Session;
let receiver: Receiver;
let fitid = 0;

beforeAll(async () => {
  s = await sandboxSession({ webhookRetryDelaysMs: [30, 30, 30], webhookTimeoutMs: 2_000 });
  receiver = new Receiver();
  await receiver.start();
});
afterAll(async () => {
  await s.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.reset();
  const list = await s.api('GET', '/webhooks/subscriptions');
  for (const sub of list.body.data) await s.api('DELETE', `/webhooks/subscriptions/${sub.id}`);
});

/** A one-transaction statement of the payment account, new each call. */
function statement(): string {
  fitid++;
  return buildStatementOfx({
    bankCode: '341',
    agency: '0350',
    account: '12345-1',
    transactions: [{ fitid: `WH-${fitid}`, date: today, amountCents: -fitid * 100, memo: `TESTE ${fitid}` }],
    start: today,
    end: today,
  });
}

async function importStatement(content: string, key?: string) {
  const form = new FormData();
  form.set('format', 'ofx');
  form.set('file', new Blob([content]), 'extrato.ofx');
  const slug = s.client('default').condominium;
  return s.call('POST', `/condominiums/${slug}/bank-accounts/1/statements/import`, {
    token: await s.token(),
    body: form,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function subscribe(events = ['bank.statement.imported'], url = receiver.url) {
  const r = await s.api('POST', '/webhooks/subscriptions', { json: { url, events } });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: string; url: string; events: string[]; secret: string; created_at: string };
}

async function deliveries(id: string) {
  const r = await s.api('GET', `/webhooks/subscriptions/${id}/deliveries`);
  expect(r.status, r.text).toBe(200);
  return r.body.data as Array<{
    delivery_id: string;
    event_id: string;
    event: string;
    attempt: number;
    ok: boolean;
    status_code: number | null;
    error: string | null;
    at: string;
    next_attempt_at: string | null;
  }>;
}

describe('subscriptions', () => {
  test('create shows the secret once; list and show never; delete is 204, then 404', async () => {
    const sub = await subscribe(['bank.statement.imported', '*']);
    expect(sub.id).toMatch(ULID);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(sub).toMatchObject({ url: receiver.url, events: ['bank.statement.imported', '*'] });
    expect(Date.parse(sub.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const list = await s.api('GET', '/webhooks/subscriptions');
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).toEqual({
      id: sub.id,
      url: sub.url,
      events: sub.events,
      created_at: sub.created_at,
    });
    expect(list.text).not.toContain(sub.secret);
    const one = await s.api('GET', `/webhooks/subscriptions/${sub.id}`);
    expect(one.body.data.secret).toBeUndefined();

    expect((await s.api('DELETE', `/webhooks/subscriptions/${sub.id}`)).status).toBe(204);
    expect((await s.api('DELETE', `/webhooks/subscriptions/${sub.id}`)).status).toBe(404);
    expect((await s.api('GET', `/webhooks/subscriptions/${sub.id}/deliveries`)).status).toBe(404);
    expect((await s.api('GET', '/webhooks/subscriptions')).body.meta.total).toBe(0);
  });

  test('the URL must be http(s), the events known', async () => {
    const bad = await s.api('POST', '/webhooks/subscriptions', {
      json: { url: 'ftp://example.com/x', events: ['invoice.paid'], extra: 1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['events', 'extra', 'url']);
    expect(bad.body.error.fields.events[0]).toMatch(/bank\.statement\.imported/);
    const none = await s.api('POST', '/webhooks/subscriptions', { json: { url: 'not a url', events: [] } });
    expect(Object.keys(none.body.error.fields).sort()).toEqual(['events', 'url']);
    expect((await s.api('POST', '/webhooks/subscriptions', { json: [] })).status).toBe(422);
  });

  test('webhooks.manage is needed', async () => {
    const readOnly = await s.token('read-only');
    const r = await s.api('GET', '/webhooks/subscriptions', { token: readOnly });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('insufficient_scope');
    const narrow = await s.token('default', 'bank.write');
    expect((await s.api('POST', '/webhooks/subscriptions', { token: narrow, json: {} })).status).toBe(403);
  });
});

describe('deliveries', () => {
  test('an import is delivered signed: HMAC-SHA256 of "t.body", checked independently; a tampered body fails', async () => {
    const sub = await subscribe();
    const imported = await importStatement(statement());
    expect(imported.status).toBe(201);
    const got = await waitFor(() => receiver.received[0]);
    const h = got.headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['x-condo-event']).toBe('bank.statement.imported');
    expect(h['x-condo-delivery']).toMatch(ULID);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(h['x-condo-signature']));
    expect(m).not.toBeNull();
    const [, t, v1] = m as RegExpExecArray;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(createHmac('sha256', sub.secret).update(`${t}.${got.body}`).digest('hex'));

    const event = JSON.parse(got.body);
    expect(event).toMatchObject({
      id: expect.stringMatching(ULID),
      type: 'bank.statement.imported',
      condominium: s.client('default').condominium,
      data: imported.body.data,
    });
    expect(Date.parse(event.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const header = String(h['x-condo-signature']);
    expect(verifyWebhookSignature(sub.secret, header, got.body).ok).toBe(true);
    const tampered = got.body.replace('"imported":1', '"imported":2');
    expect(tampered).not.toBe(got.body);
    const check = verifyWebhookSignature(sub.secret, header, tampered);
    expect(check.ok).toBe(false);
    expect(createHmac('sha256', sub.secret).update(`${t}.${tampered}`).digest('hex')).not.toBe(v1);
    expect(verifyWebhookSignature('whsec_another', header, got.body).ok).toBe(false);

    const attempts = await waitFor(async () => {
      const a = await deliveries(sub.id);
      return a.length === 1 ? a : undefined;
    });
    expect(attempts[0]).toMatchObject({
      delivery_id: h['x-condo-delivery'],
      event_id: event.id,
      event: 'bank.statement.imported',
      attempt: 1,
      ok: true,
      status_code: 200,
      error: null,
      next_attempt_at: null,
    });
  });

  test('a receiver that fails twice (a 500, then a dropped connection) gets it on the third attempt', async () => {
    const sub = await subscribe(['*']);
    receiver.plan = [500, 'drop', 200];
    expect((await importStatement(statement())).status).toBe(201);
    const attempts = await waitFor(async () => {
      const a = await deliveries(sub.id);
      return a.length >= 3 ? a : undefined;
    });
    await settled();
    const all = (await deliveries(sub.id)).reverse(); // newest first on the wire
    expect(all.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts).toHaveLength(3);
    expect(new Set(all.map((a) => a.delivery_id)).size).toBe(1);
    expect(all[0]).toMatchObject({ ok: false, status_code: 500, error: expect.stringMatching(/500/) });
    expect(all[0]?.next_attempt_at).not.toBeNull();
    expect(all[1]).toMatchObject({ ok: false, status_code: null, error: expect.any(String) });
    expect(all[2]).toMatchObject({ ok: true, status_code: 200, error: null, next_attempt_at: null });
    // every attempt carried the same delivery id and body, signed afresh
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['x-condo-delivery'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(sub.secret, String(r.headers['x-condo-signature']), r.body).ok).toBe(
        true,
      );
    }
  });

  test('a delivery still pending when the server stops is sent once it starts again', async () => {
    const sub = await subscribe();
    receiver.plan = ['hang'];
    expect((await importStatement(statement())).status).toBe(201);
    await waitFor(() => receiver.received[0]);
    await s.restart(); // the attempt in flight is cut off: nothing is recorded, the delivery stays pending
    receiver.release();
    const attempts = await waitFor(async () => {
      const a = await deliveries(sub.id);
      return a.some((x) => x.ok) ? a : undefined;
    });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt: 1, ok: true, status_code: 200 });
    expect(receiver.received).toHaveLength(2);
    const [cut, sent] = receiver.received;
    expect(sent?.headers['x-condo-delivery']).toBe(cut?.headers['x-condo-delivery']);
    expect(sent?.body).toBe(cut?.body);
    expect(
      verifyWebhookSignature(sub.secret, String(sent?.headers['x-condo-signature']), String(sent?.body)).ok,
    ).toBe(true);
  });

  test('retries stop after the schedule: 1 + 3 attempts, the last with no next attempt', async () => {
    const sub = await subscribe();
    receiver.plan = [503, 503, 503, 503, 503];
    await importStatement(statement());
    await settled();
    const all = await deliveries(sub.id);
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({ attempt: 4, ok: false, status_code: 503, next_attempt_at: null });
    expect(receiver.received).toHaveLength(4);
  });

  test('the import answers while the receiver is still busy; a replay of the import emits nothing', async () => {
    await subscribe();
    receiver.plan = ['hang'];
    // The receiver hangs until released: the import could not answer if it waited for the delivery.
    const first = await importStatement(statement());
    expect(first.status).toBe(201);
    await waitFor(() => receiver.received[0]);
    receiver.release();

    const content = buildStatementOfx({
      bankCode: '341',
      agency: '0350',
      account: '12345-1',
      transactions: [{ fitid: 'WH-REPLAY', date: today, amountCents: -1, memo: 'REPLAY' }],
      start: today,
      end: today,
    });
    expect((await importStatement(content, 'wh-replay-2')).status).toBe(201);
    await waitFor(() => receiver.received[1]);
    const replay = await importStatement(content, 'wh-replay-2');
    expect(replay.headers.get('idempotency-replayed')).toBe('1');
    await settled();
    expect(receiver.received).toHaveLength(2);
  });

  test('only subscriptions of the condominium that want the event receive it; a deleted one nothing', async () => {
    const sub = await subscribe();
    const otherToken = await s.token('other');
    const other = await s.call('POST', '/condominiums/edificio-aurora/webhooks/subscriptions', {
      token: otherToken,
      json: { url: `${receiver.url}?other`, events: ['*'] },
    });
    expect(other.status).toBe(201);
    await s.api('DELETE', `/webhooks/subscriptions/${sub.id}`);
    await importStatement(statement());
    await settled();
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhooks go only where they should (#30 point 6)', () => {
  test.each([
    'http://169.254.169.254/latest',
    'http://2852039166/latest',
    'http://0251.0376.0251.0376/',
    'http://[::ffff:169.254.169.254]/',
  ])('a subscription to %s is a 422 naming the url', async (url) => {
    const r = await s.api('POST', '/webhooks/subscriptions', {
      json: { url, events: ['bank.statement.imported'] },
    });
    expect(r.status, r.text).toBe(422);
    expect(r.body.error.fields.url[0]).toContain('a webhook is not delivered there');
  });

  test('a name that resolves to such an address is refused at delivery, after DNS', async () => {
    const { checkedLookup } = await import('../../../src/sandbox/services/webhooks.js');
    const fakeDns = (_h: string, _o: object, cb: (e: Error | null, a: string, f: number) => void) =>
      cb(null, '169.254.169.254', 4);
    const outcome = await new Promise<Error | null>((resolve) =>
      checkedLookup(fakeDns as never)('metadata.internal', {}, (err) => resolve(err)),
    );
    expect(outcome?.message).toContain('metadata.internal resolves to 169.254.169.254 is link-local');
    const loopback = await new Promise<Error | null>((resolve) =>
      checkedLookup(((_h: string, _o: object, cb: (e: null, a: string, f: number) => void) =>
        cb(null, '127.0.0.1', 4)) as never)('localhost', {}, (err) => resolve(err)),
    );
    expect(loopback).toBeNull();
  });
});
