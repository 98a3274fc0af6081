/**
 * Upload routes (statement import, CNAB return import) are added by their areas; this drives the shared
 * multipart reading and fingerprinting through a route shaped like theirs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, CONDOMINIUM_PREFIX } from '../../../src/sandbox/app.js';
import { condominiumOf } from '../../../src/sandbox/http/context.js';
import { multipartFingerprint } from '../../../src/sandbox/http/idempotency.js';
import { beginIdempotency } from '../../../src/sandbox/http/pipeline.js';
import { commit, created } from '../../../src/sandbox/http/transaction.js';
import { collectBytes, streamMultipart } from '../../../src/sandbox/http/upload-stream.js';
import { createContext, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { SandboxStore } from '../../../src/sandbox/store.js';

let app: FastifyInstance;
let base: string;
let dataDir: string;
let token: string;
let runs = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'condo-sandbox-mp-'));
  const ctx = createContext(SandboxStore.open(dataDir), {});
  app = await buildApp(ctx);
  await app.register(
    async (condo) => {
      condo.post(
        '/upload-probe/:bankAccount/statements/import',
        { config: { scope: 'bank.write', bodyTypes: ['multipart'], idempotency: 'manual' } },
        async (request, reply) => {
          const upload = await streamMultipart(request, { fileSize: 1_000_000, consume: collectBytes });
          const fp = multipartFingerprint(request.method, request.url, upload.digest);
          if (await beginIdempotency(ctx, request, reply, fp)) return reply;
          runs++;
          const file = upload.files.file?.[0];
          return commit(ctx, request, reply, () =>
            created({
              data: {
                condominium: condominiumOf(request),
                format: upload.fields.format?.[0],
                bytes: file?.result.length,
                sha256: file?.sha256,
                run: runs,
              },
            }),
          );
        },
      );
    },
    { prefix: CONDOMINIUM_PREFIX },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const client = ctx.store.read(null, (tx) => tx.clients.find().find((c) => c.name === 'default'))!;
  const r = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    }),
  });
  token = ((await r.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(content: string | Buffer, format: string, key?: string, filename = 'extrato.ofx') {
  const form = new FormData();
  form.set('format', format);
  form.set('file', new Blob([content]), filename);
  return fetch(`${base}/condominiums/${TEST_CONDOMINIUM}/upload-probe/1/statements/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    body: form,
  });
}

describe('multipart uploads', () => {
  test('the file and fields arrive; the same upload again is replayed', async () => {
    const ofx = 'OFXHEADER:100\r\nDATA:OFXSGML\r\n<OFX></OFX>\r\n';
    const first = await upload(ofx, 'ofx', 'stmt-1');
    expect(first.status).toBe(201);
    const body = (await first.json()) as { data: { format: string; bytes: number; run: number } };
    expect(body.data).toMatchObject({ condominium: TEST_CONDOMINIUM, format: 'ofx', bytes: ofx.length });

    const again = await upload(ofx, 'ofx', 'stmt-1', 'renamed.ofx');
    expect(again.headers.get('idempotency-replayed')).toBe('1');
    expect(await again.json()).toEqual(body);
  });

  test('other bytes or another field under the same key are a conflict', async () => {
    await upload('a;b\r\n1;2\r\n', 'csv', 'stmt-2');
    const otherBytes = await upload('a;b\r\n1;3\r\n', 'csv', 'stmt-2');
    expect(otherBytes.status).toBe(409);
    expect(((await otherBytes.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_conflict',
    );
    const otherField = await upload('a;b\r\n1;2\r\n', 'ofx', 'stmt-2');
    expect(otherField.status).toBe(409);
  });

  test('a body of small parts past a count names the count it passed (#53), not "too large"', async () => {
    const form = new FormData();
    form.append('format', 'csv');
    for (let i = 0; i < 6; i++) form.append('file', new Blob([`a;b\r\n${i};2\r\n`]), `f${i}.csv`);
    const r = await fetch(`${base}/condominiums/${TEST_CONDOMINIUM}/upload-probe/1/statements/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'six-files' },
      body: form,
    });
    expect(r.status).toBe(413);
    const body = (await r.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toContain('more than 5 files');
  });

  test('a JSON body where a file is expected is a 415; a file over the limit a 413', async () => {
    const json = await fetch(`${base}/condominiums/${TEST_CONDOMINIUM}/upload-probe/1/statements/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"format":"ofx"}',
    });
    expect(json.status).toBe(415);
    const big = await upload(Buffer.alloc(11 * 1024 * 1024, 65), 'csv');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});
