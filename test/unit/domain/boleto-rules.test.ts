import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import validator from 'boleto-brasileiro-validator';
import { describe, expect, test } from 'vitest';
import { buildBoleto, dueDateFactor, dueDateWindow, factorToDate } from '../../../src/domain/boleto/index.js';
import { boletoRefusals } from '../../../src/domain/invoices.js';
import { reviewBoleto } from '../../../src/domain/payables.js';

/**
 * The rules a boleto puts on a payable and an invoice (#17): digits, value, due date, the factor's window.
 * Independent validators (brazilian-utils, boleto-brasileiro-validator) agree with every digit condo refuses.
 */

const today = '2026-11-24';
const boleto = (amountCents: number, dueDate: string) =>
  buildBoleto({ bankCode: '341', dueDate, amountCents, freeField: '1090000012300345678901230' });

const payable = (over: Record<string, unknown>) => ({
  forma_pagamento: 'boleto',
  amount: 45_678,
  due_date: '2026-12-10',
  ...over,
});

describe('a payable and its boleto', () => {
  const good = boleto(45_678, '2026-12-10');

  test('a boleto that agrees in value and date passes, from its barcode or its linha', () => {
    for (const document of [good.barcode, good.linhaDigitavel]) {
      expect(reviewBoleto(payable({ document_number: document }), today)).toEqual({
        fields: {},
        warnings: [],
        dueDate: '2026-12-10',
      });
      expect(validator.boleto(document)).toBe(true);
    }
    expect(isValidBoleto(good.linhaDigitavel)).toBe(true); // it reads linhas only
  });

  test('every single wrong digit is refused, and the independent validators refuse it too', () => {
    const linha = good.linhaDigitavel;
    let refused = 0;
    for (let i = 0; i < linha.length; i++) {
      const wrong = `${linha.slice(0, i)}${(Number(linha[i]) + 1) % 10}${linha.slice(i + 1)}`;
      const review = reviewBoleto(payable({ document_number: wrong }), today);
      const condoRefuses = review.fields.document_number !== undefined;
      // Digits inside the value or factor change what the boleto says, and the general digit catches them.
      expect(condoRefuses, `digit ${i + 1}`).toBe(true);
      expect(isValidBoleto(wrong), `brazilian-utils, digit ${i + 1}`).toBe(false);
      // boleto-brasileiro-validator checks the general digit only, not the three field digits (10, 21, 32).
      if (![10, 21, 32].includes(i + 1))
        expect(validator.boleto(wrong), `boleto-brasileiro-validator, digit ${i + 1}`).toBe(false);
      refused++;
    }
    expect(refused).toBe(47);
  });

  test('a value the boleto does not carry is refused naming both values', () => {
    const review = reviewBoleto(payable({ document_number: good.linhaDigitavel, amount: 40_000 }), today);
    expect(review.fields.amount).toEqual([
      'the boleto is for R$ 456,78 but amount - discount + fine + interest is R$ 400,00',
    ]);
    // Paid late, with fine and interest, or early with a discount: the sum must still be the boleto's value.
    const adjusted = payable({
      document_number: good.linhaDigitavel,
      amount: 45_000,
      fine_amount: 1_000,
      interest_amount: 178,
      discount_amount: 500,
    });
    expect(reviewBoleto(adjusted, today).fields).toEqual({});
  });

  test('another due date is accepted with a warning; the boleto says its own', () => {
    const review = reviewBoleto(payable({ document_number: good.barcode, due_date: '2026-12-15' }), today);
    expect(review.fields).toEqual({});
    // by its code on the wire too (#54), for a client to say it in its own words
    expect(review.warnings).toEqual([
      {
        field: 'due_date',
        message: "due_date 2026-12-15 differs from the boleto's own due date 2026-12-10",
        code: 'payable.boleto-due-date',
        params: { due: '2026-12-15', own: '2026-12-10' },
      },
    ]);
  });

  test('only boleto payables with a document are reviewed', () => {
    expect(reviewBoleto(payable({ forma_pagamento: 'ted', document_number: 'NF 12' }), today).fields).toEqual(
      {},
    );
    expect(reviewBoleto(payable({ document_number: null }), today).fields).toEqual({});
    expect(reviewBoleto(payable({ document_number: 'NF 12' }), today).fields.document_number?.[0]).toMatch(
      /is not a valid boleto/,
    );
  });
});

describe("the due-date factor's window", () => {
  test('every date inside it reads back to itself against today; the first ones outside do not', () => {
    const { first, last } = dueDateWindow(today);
    // Computed apart: 2026-11-24 - 4500 days and + 4499 days.
    expect(first).toBe('2014-07-30');
    expect(last).toBe('2039-03-20');
    for (const date of [first, last, today, '2025-02-21', '2025-02-22']) {
      expect(factorToDate(dueDateFactor(date), today), date).toBe(date);
    }
    const after = '2039-03-21';
    expect(factorToDate(dueDateFactor(after), today)).not.toBe(after);
  });

  test('an invoice with a boleto due outside the window, or above R$ 99.999.999,99, is refused by field', () => {
    const invoice = { due_date: '1999-06-01', total: 100 };
    expect(boletoRefusals(invoice, today).due_date?.[0]).toMatch(
      /cannot be issued: .* only reads back to dates from 2014-07-30 to 2039-03-20/,
    );
    expect(boletoRefusals({ due_date: '2026-12-10', total: 100_000_000 }, today).total?.[0]).toMatch(
      /more than a boleto carries \(R\$ 99\.999\.999,99\)/,
    );
    expect(boletoRefusals({ due_date: '2026-12-10', total: 99_999_999.99 }, today)).toEqual({});
    // A PIX-only invoice has no boleto, so neither limit applies.
    expect(boletoRefusals({ billing_type: 'PIX', ...invoice, total: 100_000_000 }, today)).toEqual({});
  });
});
