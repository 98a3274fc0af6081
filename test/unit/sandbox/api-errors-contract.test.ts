import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openApiDocument } from '../../../src/domain/openapi.js';
import { ErrorBody, OAuthErrorBody } from '../../../src/domain/responses.js';
import { type Session, sandboxSession } from './session.js';

/**
 * #30 point 1: the document describes the errors the server sends — `request_id` beside `error` — and the token
 * endpoint's RFC 6749 errors as what they are.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('every kind of error answer matches the documented Error shape', async () => {
  const answers = [
    await s.api('GET', '/payables/01ARZ3NDEKTSV4RRFFQ69G5FAV'), // 404
    await s.api('POST', '/payables', { json: { amount: -1 } }), // 422
    await s.call('GET', `/condominiums/${s.client('default').condominium}/payables`), // 401
    await s.api('POST', '/pagamento-batches', { json: { data_pagamento: '2031-01-10' } }), // 422 nothing_to_remit
  ];
  for (const r of answers) {
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(
      [...Value.Errors(ErrorBody, r.body)].map((e) => `${e.path} ${e.message}`),
      r.text,
    ).toEqual([]);
    expect(r.body.request_id).toBe(r.headers.get('x-request-id'));
  }
});

test("the token endpoint's errors are RFC 6749's, and the document says so", async () => {
  const r = await s.call('POST', '/oauth/token', {
    body: 'grant_type=client_credentials&client_id=nobody&client_secret=no',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(r.status).toBe(401);
  expect([...Value.Errors(OAuthErrorBody, r.body)]).toEqual([]);
  const doc = openApiDocument() as any;
  const token = doc.paths['/oauth/token'].post.responses.default;
  expect(token.content['application/json'].schema.$ref).toBe('#/components/schemas/OAuthError');
  expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(['error', 'request_id']));
});

test('errors raised before the app (431, a bad URL, an unknown route, 413, 415) keep the shape, the request id and the rate-limit headers', async () => {
  const { request } = await import('node:http');
  const base = new URL(s.sandbox.baseUrl);
  const raw = (path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
      const req = request(
        { host: base.hostname, port: base.port, path, method: body ? 'POST' : 'GET', headers },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const slug = s.client('default').condominium;
  const token = await s.token();
  const answers = [
    await raw('/api/v1/ping', { 'x-big': 'a'.repeat(20_000) }),
    await raw(`/api/v1/condominiums/${slug}/payables/%C0%AE`, {}),
    await raw('/api/v1/nothing-here', {}),
    await raw(
      `/api/v1/condominiums/${slug}/payables`,
      { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      'x',
    ),
    await raw(
      `/api/v1/condominiums/${slug}/payables`,
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      `{"description":"${'x'.repeat(2_000_000)}"}`,
    ),
  ];
  expect(answers.map((a) => a.status)).toEqual([431, 400, 404, 415, 413]);
  for (const a of answers) {
    expect([...Value.Errors(ErrorBody, a.body)], JSON.stringify(a.body)).toEqual([]);
    expect(a.headers['x-request-id']).toBe(a.body.request_id);
    expect(a.headers['x-ratelimit-limit'], `${a.status} rate headers`).toBeDefined();
  }
});

test('path parameters have the spec’s types and an uploaded file is binary (#30 point 4)', () => {
  const doc = openApiDocument() as any;
  const params = (path: string, method: string) =>
    Object.fromEntries(
      doc.paths[path][method].parameters
        .filter((p: any) => p.in === 'path')
        .map((p: any) => [p.name, p.schema.type]),
    );
  expect(params('/condominiums/{condominium}/bank-accounts/{bankAccount}/statements/import', 'post')).toEqual(
    {
      condominium: 'string',
      bankAccount: 'integer',
    },
  );
  expect(params('/condominiums/{condominium}/suppliers/{id}', 'get')).toMatchObject({ id: 'integer' });
  expect(params('/condominiums/{condominium}/payables/{payable}', 'get')).toMatchObject({
    payable: 'string',
  });
  const upload =
    doc.paths['/condominiums/{condominium}/bank-accounts/{bankAccount}/statements/import'].post.requestBody
      .content['multipart/form-data'].schema.properties.file;
  expect(upload).toMatchObject({ type: 'string', format: 'binary' });
});
