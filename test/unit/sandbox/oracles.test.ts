import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import validator from 'boleto-brasileiro-validator';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dueDateWindow } from '../../../src/domain/boleto/index.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { type Session, sandboxSession } from './session.js';

/**
 * Every boleto and PIX code the sandbox issues is accepted by independent libraries (#17 point 7): the seeded
 * invoices and a spread of new ones (amounts from a centavo to the boleto's limit, due dates across the window
 * and the factor's restart, both banks of the seed), each checked by brazilian-utils, boleto-brasileiro-validator
 * and pix-utils.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('the oracles accept every boleto, linha digitável and PIX code issued', async () => {
  const today = todayIn(new Date());
  const { first, last } = dueDateWindow(today);
  const dueDates = [
    first,
    addDays(today, -400),
    today,
    '2025-02-21',
    '2025-02-22',
    addDays(today, 30),
    last,
  ].filter((d) => d >= first && d <= last);
  const totals = [0.01, 1, 99.9, 1_234.56, 850, 99_999_999.99];
  const banks = (await s.api('GET', '/bank-accounts')).body.data.map((b: { id: number }) => b.id).slice(0, 2);
  for (const [i, due] of dueDates.entries()) {
    for (const [k, total] of totals.entries()) {
      const created = await s.api('POST', '/invoices', {
        json: {
          unit_id: 1 + ((i + k) % 20),
          bank_account_id: banks[(i + k) % banks.length],
          due_date: due,
          subtotal: total,
          total,
        },
      });
      expect(created.status, created.text).toBe(201);
      const issued = await s.api('POST', `/invoices/${created.body.data.public_id}/issue`);
      expect(issued.status, issued.text).toBe(200);
    }
  }

  const codes: { boletos: string[]; pix: string[] } = { boletos: [], pix: [] };
  const all = await s.api('GET', '/invoices?per_page=100&state=issued');
  let page = all.body;
  for (;;) {
    for (const inv of page.data) {
      if (inv.payment?.boleto)
        codes.boletos.push(inv.payment.boleto.barcode, inv.payment.boleto.linha_digitavel);
      if (inv.payment?.pix) codes.pix.push(inv.payment.pix.payload);
    }
    if (page.meta.page >= page.meta.last_page) break;
    page = (await s.api('GET', `/invoices?per_page=100&state=issued&page=${page.meta.page + 1}`)).body;
  }
  expect(codes.boletos.length).toBeGreaterThan(80);
  expect(codes.pix.length).toBeGreaterThan(40);
  for (const code of codes.boletos) {
    expect(validator.boleto(code), `boleto-brasileiro-validator: ${code}`).toBe(true);
    if (code.length === 47) expect(isValidBoleto(code), `brazilian-utils: ${code}`).toBe(true);
  }
  for (const payload of codes.pix) {
    const parsed = parsePix(payload);
    expect(hasError(parsed), `pix-utils: ${payload}`).toBe(false);
    expect(parsed).toMatchObject({ countryCode: 'BR', transactionCurrency: '986' });
  }
});
