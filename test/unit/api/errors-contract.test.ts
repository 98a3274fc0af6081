import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openApiDocument } from '../../../src/domain/openapi.js';
import { ErrorBody, OAuthErrorBody } from '../../../src/domain/resources.js';
import { type Session, sandboxSession } from '../sandbox/session.js';

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
