import { describe, expect, test } from 'vitest';
import {
  farDueDate,
  PAYABLE_STATES,
  payableActionRefusal,
  remittanceRefusal,
} from '../../../src/domain/payables.js';
import { describeFieldErrors, PayableCreate, validateBody } from '../../../src/domain/request-bodies.js';

describe('payable state machine', () => {
  const allowed = (action: 'update' | 'delete' | 'mark' | 'unmark') =>
    PAYABLE_STATES.filter((state) => payableActionRefusal(action, state) === null);

  test('PATCH only pending; DELETE before a batch; mark from pending; unmark from marked', () => {
    expect(allowed('update')).toEqual(['pending']);
    expect(allowed('delete')).toEqual(['pending', 'marked_for_remessa']);
    expect(allowed('mark')).toEqual(['pending']);
    expect(allowed('unmark')).toEqual(['marked_for_remessa']);
  });

  test('a refusal says what the state is and what is allowed', () => {
    expect(payableActionRefusal('update', 'in_batch')?.message).toBe(
      'cannot update a payable in state in_batch (only pending)',
    );
  });
});

describe('remittability', () => {
  const bank = { code: '341', agency: '1234', account: '56789-0' };
  const payee_document = '12345678000195';
  const valid = '34191.79001 01043.510047 91020.150008 3 12340000012345';
  const wrongCheckDigit = '34191.79001 01043.510047 91020.150008 1 12340000012345';
  test.each([
    [{ forma_pagamento: 'ted', payee_bank: bank, payee_document }, null],
    [{ forma_pagamento: 'doc', payee_bank: bank, payee_document }, null],
    [{ forma_pagamento: 'pix', pix_key: 'fornecedor@example.com', payee_document }, null],
    [{ forma_pagamento: 'pix', payee_bank: bank, payee_document }, null],
    [{ forma_pagamento: 'boleto', document_number: valid, payee_document }, null],
    [{ forma_pagamento: 'boleto', document_number: wrongCheckDigit, payee_document }, /general check digit/],
    [{ forma_pagamento: 'ted', payee_bank: bank }, /CPF or CNPJ/],
    [{ forma_pagamento: 'ted' }, /needs the supplier bank data/],
    [{ forma_pagamento: 'pix' }, /PIX key or bank data/],
    [{ forma_pagamento: 'boleto', document_number: 'NF 123' }, /barcode or linha/],
    [{ forma_pagamento: 'cash' }, /settled outside the bank file/],
    [{ forma_pagamento: 'check' }, /settled outside the bank file/],
  ])('%j', (facts, expected) => {
    const refusal = remittanceRefusal(facts);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal?.message).toMatch(expected);
  });
});

describe('request body schema', () => {
  const good = {
    chart_of_accounts_id: 3,
    amount: 1500,
    forma_pagamento: 'pix',
    due_date: '2026-12-01',
    description: 'Água',
  };
  test('a valid body passes untouched', () => {
    expect(validateBody(PayableCreate, good)).toEqual({ ok: true, value: good });
  });

  test('every bad field is named', () => {
    const { description: _omitted, ...withoutDescription } = good;
    const r = validateBody(PayableCreate, {
      ...withoutDescription,
      amount: 15.5,
      due_date: '2026-02-30',
      forma_pagamento: 'wire',
      colour: 'red',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fields).toEqual({
      amount: ['must be an integer'],
      due_date: ['must be a calendar date YYYY-MM-DD'],
      forma_pagamento: ['must be one of pix, ted, doc, boleto, cash, check'],
      colour: ['is not a known field'],
      description: ['is required'],
    });
    expect(describeFieldErrors(r.fields)).toContain('amount must be an integer, ');
    expect(describeFieldErrors(r.fields)).toContain('description is required');
  });

  test('not an object', () => {
    // the English for the API's 422, both languages for a person at the CLI (#66)
    expect(validateBody(PayableCreate, [good])).toEqual({
      ok: false,
      fields: { body: ['must be a JSON object'] },
      said: { body: [{ en: 'must be a JSON object', pt: 'deve ser um objeto JSON' }] },
    });
  });
});

describe('a due date far from today (#66)', () => {
  test('90 days back and a year ahead pass unsaid; past them, how far and which way', () => {
    const today = '2026-12-01';
    expect(farDueDate('2026-09-02', today)).toBeNull(); // 90 days ago
    expect(farDueDate('2026-09-01', today)).toEqual({ days: 91, ahead: false });
    expect(farDueDate('2020-01-01', today)).toEqual({ days: 2526, ahead: false });
    expect(farDueDate('2027-12-02', today)).toBeNull(); // 366 days ahead
    expect(farDueDate('2027-12-03', today)).toEqual({ days: 367, ahead: true });
    expect(farDueDate(today, today)).toBeNull();
  });
});
