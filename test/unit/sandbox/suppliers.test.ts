import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './session.js';

/**
 * POST /suppliers, an extension of the condo sandbox (#33): a DDA boleto's beneficiary nobody knew becomes a
 * supplier. Its CPF/CNPJ must check and be nobody else's; a bank account comes whole or not at all.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('a new supplier by its CNPJ, then found by it; the same CNPJ again is a 409 naming the one that has it', async () => {
  const r = await s.api('POST', '/suppliers', {
    json: { name: 'Vidraçaria Central Ltda', document: '11444777000161' },
  });
  expect(r.status, r.text).toBe(201);
  expect(r.body.data).toMatchObject({
    name: 'Vidraçaria Central Ltda',
    document: '11444777000161',
    bank: null,
  });
  const found = await s.api('GET', '/suppliers?q=11444777');
  expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([r.body.data.id]);
  const again = await s.api('POST', '/suppliers', { json: { name: 'Outra', document: '11444777000161' } });
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe(
    `supplier ${r.body.data.id} (Vidraçaria Central Ltda) already has CPF/CNPJ 11444777000161`,
  );
});

test('refused with the field named: check digits, a bank account in part; a PIX key read as the DICT would', async () => {
  const bad = await s.api('POST', '/suppliers', { json: { name: 'X', document: '11444777000162' } });
  expect(bad.status).toBe(422);
  expect(bad.body.error.fields).toEqual({ document: ['has invalid check digits'] });
  const half = await s.api('POST', '/suppliers', {
    json: { name: 'X', document: '52998224725', bank_code: '341' },
  });
  expect(half.status).toBe(422);
  expect(Object.keys(half.body.error.fields)).toEqual(['agency', 'account']);
  const whole = await s.api('POST', '/suppliers', {
    json: {
      name: 'Maria Souza',
      document: '52998224725',
      bank_code: '341',
      agency: '0912',
      account: '45873-4',
      pix_key: 'maria@example.com',
    },
  });
  expect(whole.status, whole.text).toBe(201);
  expect(whole.body.data).toMatchObject({
    bank: { code: '341', agency: '0912', account: '45873-4', account_type: 'checking' },
    pix_key: 'maria@example.com',
    pix_key_type: 'email',
  });
});
