import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jsonDepth, parseUntrustedJson } from '../../../src/domain/json.js';
import { type Session, sandboxSession } from './session.js';

/** What the sandbox takes in (#17 point 4): no 500 for a deep body, no prototype or unknown key ever stored. */

let s: Session;
let id: string;
beforeAll(async () => {
  s = await sandboxSession();
  const created = await s.api('POST', '/payables', {
    json: {
      payee_name: 'Padaria',
      chart_of_accounts_id: 23,
      amount: 1_000,
      forma_pagamento: 'ted',
      due_date: '2031-01-10',
      description: 'Lanche',
    },
  });
  expect(created.status, created.text).toBe(201);
  id = created.body.data.public_id;
});
afterAll(() => s.close());

const raw = (method: string, path: string, body: string) =>
  s.token().then((token) =>
    s.call(method, `/condominiums/${s.client('default').condominium}${path}`, {
      token,
      body,
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('the depth of a JSON text', () => {
  test('is measured without recursion, strings and escapes skipped', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{"}]]')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(100_000) + ']'.repeat(100_000), 32)).toBe(-1);
  });

  test('prototype keys are found at any depth', () => {
    expect(parseUntrustedJson('{"a":{"b":[{"__proto__":{"x":1}}]}}')).toMatchObject({
      ok: false,
      reason: 'prototype_key',
      keys: ['__proto__'],
    });
    expect(parseUntrustedJson('{"constructor":1}')).toMatchObject({ ok: false, keys: ['constructor'] });
    expect(parseUntrustedJson('{"note":"__proto__"}')).toEqual({ ok: true, value: { note: '__proto__' } });
  });
});

describe('request bodies', () => {
  test('a body 5000 levels deep is a 400 naming the limit, not a 500', async () => {
    const deep = `{"description":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const r = await raw('PATCH', `/payables/${id}`, deep);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'bad_request', message: 'the body nests deeper than 32 levels' });
  });

  test('__proto__ and constructor are a 422 naming them, and nothing is stored', async () => {
    const before = (await s.api('GET', `/payables/${id}`)).body.data;
    const attempts: [string, string][] = [
      ['{"__proto__":{"state":"paid"},"description":"x"}', '__proto__'],
      ['{"constructor":"y","description":"x"}', 'constructor'],
    ];
    for (const [body, key] of attempts) {
      const r = await raw('PATCH', `/payables/${id}`, body);
      expect(r.status, body).toBe(422);
      expect(r.body.error.fields).toEqual({ [key]: ['is not a field of any request'] });
    }
    const after = (await s.api('GET', `/payables/${id}`)).body.data;
    expect(after).toEqual(before);
    expect(Object.keys(after)).not.toContain('constructor');
  });

  test('an unknown field is a 422 naming it, on create and on PATCH', async () => {
    const patch = await s.api('PATCH', `/payables/${id}`, { json: { description: 'x', colour: 'blue' } });
    expect(patch.status).toBe(422);
    expect(patch.body.error.fields).toEqual({ colour: ['is not a known field'] });
    const post = await s.api('POST', '/invoices', { json: { unit_id: 1, admin: true } });
    expect(post.status).toBe(422);
    expect(post.body.error.fields.admin).toEqual(['is not a known field']);
  });
});

describe('integers the store cannot hold (#30 point 2)', () => {
  test.each(['1e20', '1e308', '9223372036854775807'])(
    'party_id %s is a 422 naming the field, not a 500',
    async (big) => {
      const units = await s.api('GET', '/units');
      const accounts = await s.api('GET', '/bank-accounts');
      const body = `{"unit_id":${units.body.data[0].id},"party_id":${big},"bank_account_id":${accounts.body.data[0].id},"due_date":"2031-01-10","subtotal":100,"total":100}`;
      const r = await raw('POST', '/invoices', body);
      expect(r.status, r.text).toBe(422);
      expect(Object.keys(r.body.error.fields)).toEqual(['party_id']);
    },
  );
});
