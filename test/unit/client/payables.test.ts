import { Readable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { exitCodeOf } from '../../../src/cli/exit-codes.js';
import { type Client, multipart } from '../../../src/client/index.js';
import { ConflictError, NotFoundError } from '../../../src/domain/errors.js';
import type { PayableCreate } from '../../../src/domain/request-bodies.js';
import { clientFor, delay, json, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

const ROOT = '/api/v1/condominiums/residencial-aurora';
const body: PayableCreate = {
  chart_of_accounts_id: 12,
  amount: 15_000,
  forma_pagamento: 'pix',
  due_date: '2026-12-10',
  description: 'Limpeza',
};

describe('payables resource', () => {
  test('each verb calls its endpoint with its method and body', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      json(res, req.method === 'POST' && req.path.endsWith('/payables') ? 201 : 200, {
        data: { public_id: 'P1', state: 'pending', unknown_field: 1 },
      });
    });
    client = clientFor(server);
    const created = await client.payables.create(body);
    expect(created).toEqual({ public_id: 'P1', state: 'pending', unknown_field: 1 });
    await client.payables.get('P1');
    await client.payables.update('P1', { amount: 20_000 });
    await client.payables.mark('P1');
    await client.payables.unmark('P1');
    await expect(client.payables.delete('P1')).resolves.toBeUndefined();
    await client.payables.list({
      state: 'pending',
      supplier_id: 3,
      due_from: '2026-12-01',
      due_to: undefined,
    });
    expect(server.seen.map((s) => `${s.method} ${s.path.slice(ROOT.length)}${s.url.search}`)).toEqual([
      'POST /payables',
      'GET /payables/P1',
      'PATCH /payables/P1',
      'POST /payables/P1/mark-for-remessa',
      'POST /payables/P1/unmark-for-remessa',
      'DELETE /payables/P1',
      'GET /payables?state=pending&supplier_id=3&due_from=2026-12-01',
    ]);
    expect(JSON.parse(server.seen[0]!.body)).toEqual(body);
    expect(server.seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.seen[2]!.body)).toEqual({ amount: 20_000 });
    expect(server.seen[3]!.body).toBe('');
  });

  test('markMany runs concurrently, keeps order and reports per-id results', async () => {
    let active = 0;
    let peak = 0;
    server = await startServer(async (req, res) => {
      active++;
      peak = Math.max(peak, active);
      await delay(20);
      active--;
      const id = req.path.split('/')[6]!;
      if (id === 'MISSING') return json(res, 404, { error: { code: 'not_found', message: 'no payable' } });
      if (id === 'PAID')
        return json(res, 409, { error: { code: 'invalid_state', message: 'payable is paid' } });
      json(res, 200, { data: { public_id: id, state: 'marked_for_remessa' } });
    });
    client = clientFor(server, { concurrency: 3 });
    const ids = ['A', 'MISSING', 'B', 'PAID', 'C', 'D', 'E'];
    const done: number[] = [];
    const results = await client.payables.markMany(ids, { onResult: (n) => done.push(n) });
    expect(results.map((r) => r.id)).toEqual(ids);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false, true, true, true]);
    const missing = results[1]!;
    expect(!missing.ok && missing.error).toBeInstanceOf(NotFoundError);
    const paid = results[3]!;
    expect(!paid.ok && paid.error).toBeInstanceOf(ConflictError);
    expect(results[0]!.ok && results[0]!.data.state).toBe('marked_for_remessa');
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // one token, each write with its own idempotency key
    expect(server.tokenRequests).toHaveLength(1);
    expect(new Set(server.seen.map((s) => s.headers['idempotency-key'])).size).toBe(ids.length);
  });

  test('createMany reports by index; --idempotency-key derives one key per item', async () => {
    server = await startServer((req, res) => {
      const b = JSON.parse(req.body) as { description: string };
      if (b.description === 'bad') {
        return json(res, 422, {
          error: { code: 'validation_failed', message: 'bad', fields: { description: ['x'] } },
        });
      }
      json(res, 201, { data: { public_id: `P-${b.description}` } });
    });
    client = clientFor(server, { idempotencyKey: 'run42' });
    const results = await client.payables.createMany([
      { ...body, description: 'one' },
      { ...body, description: 'bad' },
      { ...body, description: 'three' },
    ]);
    expect(results.map((r) => [r.index, r.ok])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    expect(results[1]!.ok === false && results[1]!.error.fields).toEqual({ description: ['x'] });
    const keyOf = (d: string) =>
      server.seen.find((s) => s.body.includes(`"${d}"`))!.headers['idempotency-key'];
    expect([keyOf('one'), keyOf('bad'), keyOf('three')]).toEqual(['run42-1', 'run42-2', 'run42-3']);
  });

  test('an aborted bulk run (Ctrl-C) interrupts the call in flight and starts no more', async () => {
    const ctl = new AbortController();
    server = await startServer(async (req, res, n) => {
      if (n === 2) ctl.abort(); // Ctrl-C while the second item is in flight
      await delay(20);
      json(res, 200, { data: { public_id: req.path.split('/')[6] } });
    });
    client = clientFor(server, { concurrency: 1 });
    const results = await client.payables.deleteMany(['A', 'B', 'C', 'D'], { signal: ctl.signal });
    expect(results.map((r) => r.ok)).toEqual([true, false, false, false]);
    expect(results.slice(1).every((r) => !r.ok && exitCodeOf(r.error) === 130)).toBe(true);
    expect(server.seen.map((s) => s.path.split('/')[6])).toEqual(['A', 'B']);
  });
});

describe('streams', () => {
  test('requestStream downloads a file as a stream', async () => {
    const content = `${'0'.repeat(240)}\r\n`.repeat(50);
    server = await startServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="x.rem"',
      });
      res.end(content);
    });
    client = clientFor(server);
    const r = await client.requestStream({ method: 'GET', path: 'pagamento-batches/B1/file' });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toContain('x.rem');
    const chunks: Buffer[] = [];
    for await (const c of r.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(content);
    expect(server.seen[0]!.path).toBe(`${ROOT}/pagamento-batches/B1/file`);
  });

  test('requestStream maps an error response to its error class', async () => {
    server = await startServer((_req, res) =>
      json(res, 404, { error: { code: 'not_found', message: 'no batch' } }),
    );
    client = clientFor(server);
    await expect(
      client.requestStream({ method: 'GET', path: 'pagamento-batches/NO/file' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a multipart upload has a known length, streams from a source, and is retried with the same key', async () => {
    server = await startServer((_req, res, n) => {
      if (n === 1) return json(res, 503, {});
      json(res, 201, { data: { imported: 3 } });
    });
    client = clientFor(server);
    const fileText = 'OFXHEADER:100\nDATA:OFXSGML\n<OFX></OFX>\n';
    const form = multipart({
      fields: { format: 'ofx' },
      files: [
        {
          field: 'file',
          filename: 'extrato.ofx',
          contentType: 'application/x-ofx',
          size: Buffer.byteLength(fileText),
          open: () => Readable.from([Buffer.from(fileText.slice(0, 10)), Buffer.from(fileText.slice(10))]),
        },
      ],
    });
    const r = await client.request<{ imported: number }>({
      method: 'POST',
      path: 'bank-accounts/1/statements/import',
      body: form,
    });
    expect(r.data).toEqual({ imported: 3 });
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen;
    expect(second!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(Number(second!.headers['content-length'])).toBe(second!.raw.length);
    expect(form.length).toBe(second!.raw.length);
    expect(second!.body).toContain('name="format"\r\n\r\nofx\r\n');
    expect(second!.body).toContain(
      `filename="extrato.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n${fileText}\r\n`,
    );
    expect(second!.raw.equals(first!.raw)).toBe(true);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  test('a one-shot Readable upload is sent once and not retried', async () => {
    server = await startServer((_req, res) => json(res, 503, {}));
    client = clientFor(server);
    const err = await client
      .requestStream({
        method: 'POST',
        path: 'pagamento-batches/B1/retorno',
        body: Readable.from([Buffer.from('RET')]),
        contentType: 'application/octet-stream',
        contentLength: 3,
      })
      .catch((e: unknown) => e);
    expect(exitCodeOf(err)).toBe(7);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.body).toBe('RET');
  });
});
