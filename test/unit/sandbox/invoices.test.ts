import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bancoDoBrasilFreeField,
  bradescoFreeField,
  caixaFreeField,
  interFreeField,
  safraFreeField,
  santanderFreeField,
  sicoobFreeField,
  sicrediFreeField,
} from '../../../src/domain/boleto/banks.js';
import { buildBoleto, parseItauFreeField, parseLinhaDigitavel } from '../../../src/domain/boleto/index.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { parsePixPayload } from '../../../src/formats/pix/index.js';
import { OTHER_CONDOMINIUM, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { boletoFreeField } from '../../../src/sandbox/services/invoices.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed).
const UNIT_A101 = 1;
const ITAU = 1; // the payment account, bank 341, agency 0350, account 12345-1
const CAIXA = 2; // bank 104, agency 1679, account 022.00023456-3 (operação 022)
const AURORA_ACCOUNT = 4; // the other condominium's
const CONDOMINIUM_CNPJ = '11222333000181';

const today = todayIn(new Date());
const due = addDays(today, 10);

const base = {
  unit_id: UNIT_A101,
  bank_account_id: ITAU,
  due_date: due,
  subtotal: 850,
  fine_amount: 17,
  interest_amount: 2.83,
  monetary_correction_amount: 1.5,
  discount_amount: 10,
  total: 861.33,
};

// ---------------------------------------------------------------------------------------------------------
// Independent checks, written here rather than imported: FEBRABAN mod 10 / mod 11 and CRC-16/CCITT-FALSE.

function febrabanMod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    const p = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return (10 - (sum % 10)) % 10;
}

function boletoMod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    sum += Number(ch) * (2 + (i % 8));
  });
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The linha's three mod-10 fields and its general mod-11 digit, rebuilt from the barcode. */
function checkBoleto(barcode: string, linha: string): void {
  expect(barcode).toMatch(/^\d{44}$/);
  expect(linha).toMatch(/^\d{47}$/);
  expect(Number(barcode[4])).toBe(boletoMod11(barcode.slice(0, 4) + barcode.slice(5)));
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  const expected =
    f1 +
    febrabanMod10(f1) +
    f2 +
    febrabanMod10(f2) +
    f3 +
    febrabanMod10(f3) +
    barcode[4] +
    barcode.slice(5, 19);
  expect(linha).toBe(expected);
}

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = (crc << 1) & 0xffff;
      if (top) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

async function create(overrides: Record<string, unknown> = {}) {
  const r = await s.api('POST', '/invoices', { json: { ...base, ...overrides } });
  expect(r.status, r.text).toBe(201);
  return r.body.data;
}

describe('creating an invoice', () => {
  test('a draft in the open period, money as decimals, no payment yet', async () => {
    const inv = await create({ notes: 'Taxa condominial' });
    expect(inv).toMatchObject({
      ...base,
      party_id: null,
      billing_type: 'BOLETO_PIX',
      notes: 'Taxa condominial',
      state: 'draft',
      period: today.slice(0, 7),
      issued_at: null,
      payment: null,
    });
    expect(inv.public_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect((await s.api('GET', `/invoices/${inv.public_id}`)).body.data).toEqual(inv);
  });

  test('the parts must add up to the total, in cents', async () => {
    const r = await s.api('POST', '/invoices', { json: { ...base, total: 861.34 } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(Object.keys(r.body.error.fields)).toEqual(['total']);
    expect(r.body.error.fields.total[0]).toMatch(/861\.33/);
    // 0.1 + 0.2 is exact in cents
    const exact = await create({
      subtotal: 0.1,
      fine_amount: 0.2,
      interest_amount: 0,
      monetary_correction_amount: 0,
      discount_amount: 0,
      total: 0.3,
    });
    expect(exact.total).toBe(0.3);
    const justSubtotal = await create({
      subtotal: 1240,
      total: 1240,
      fine_amount: undefined,
      interest_amount: undefined,
      monetary_correction_amount: undefined,
      discount_amount: undefined,
    });
    expect(justSubtotal).toMatchObject({ fine_amount: 0, discount_amount: 0, total: 1240 });
  });

  test('unit and bank account must be this condominium’s; bad fields are named together', async () => {
    const r = await s.api('POST', '/invoices', {
      json: { ...base, unit_id: 999, bank_account_id: AURORA_ACCOUNT },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.error.fields).sort()).toEqual(['bank_account_id', 'unit_id']);
    const shape = await s.api('POST', '/invoices', {
      json: { ...base, subtotal: 10.001, due_date: '2030-02-30', billing_type: 'CHEQUE' },
    });
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.error.fields).sort()).toEqual(['billing_type', 'due_date', 'subtotal']);
  });
});

describe('issuing', () => {
  test('one call gives a valid boleto and a valid PIX BR Code; read back from /payment', async () => {
    const draft = await create();
    const before = await s.api('GET', `/invoices/${draft.public_id}/payment`);
    expect(before.status).toBe(404);
    expect(before.body.error.code).toBe('not_found');

    const r = await s.api('POST', `/invoices/${draft.public_id}/issue`);
    expect(r.status, r.text).toBe(200);
    const inv = r.body.data;
    expect(inv.state).toBe('issued');
    expect(Date.parse(inv.issued_at)).toBeGreaterThan(Date.now() - 60_000);

    const payment = await s.api('GET', `/invoices/${draft.public_id}/payment`);
    expect(payment.status).toBe(200);
    expect(payment.body.data).toEqual(inv.payment);
    const { boleto, pix } = payment.body.data;

    expect(boleto.url).toMatch(
      new RegExp(`^${s.sandbox.baseUrl}/boletos/${TEST_CONDOMINIUM}/[0-9a-f]{32}\\.pdf$`),
    );
    checkBoleto(boleto.barcode, boleto.linha_digitavel);
    const parsed = parseLinhaDigitavel(boleto.linha_digitavel, { referenceDate: today });
    expect(parsed).toMatchObject({
      ok: true,
      kind: 'boleto',
      bankCode: '341',
      amountCents: 86133,
      dueDate: due,
      barcode: boleto.barcode,
    });
    // Itaú layout: carteira 109, our nosso número, agency 0350, account 12345
    const free = parseItauFreeField(boleto.barcode.slice(19));
    expect(free).toMatchObject({
      ok: true,
      carteira: '109',
      nossoNumero: boleto.nosso_numero,
      agencia: '0350',
      conta: '12345',
    });

    expect(pix.payload.slice(-4)).toBe(crc16(pix.payload.slice(0, -4)));
    const p = parsePixPayload(pix.payload);
    expect(p).toMatchObject({
      ok: true,
      key: CONDOMINIUM_CNPJ,
      amountCents: 86133,
      txid: pix.txid,
      merchantCity: 'Ribeirao Preto',
    });
    expect(pix.txid).toMatch(/^[A-Za-z0-9]{25}$/);
  });

  test('issuing twice is 409; nosso número grows per boleto', async () => {
    const a = await create();
    const b = await create();
    const first = await s.api('POST', `/invoices/${a.public_id}/issue`);
    const again = await s.api('POST', `/invoices/${a.public_id}/issue`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_state');
    const second = await s.api('POST', `/invoices/${b.public_id}/issue`);
    expect(Number(second.body.data.payment.boleto.nosso_numero)).toBe(
      Number(first.body.data.payment.boleto.nosso_numero) + 1,
    );
    expect(second.body.data.payment.pix.txid).not.toBe(first.body.data.payment.pix.txid);
    expect((await s.api('POST', '/invoices/01JZZZZZZZZZZZZZZZZZZZZZZZ/issue')).status).toBe(404);
  });

  test("a Caixa account: SIGCB's layout, the beneficiary code and the registered nosso número", async () => {
    const draft = await create({ bank_account_id: CAIXA });
    const { boleto } = (await s.api('POST', `/invoices/${draft.public_id}/issue`)).body.data.payment;
    checkBoleto(boleto.barcode, boleto.linha_digitavel);
    expect(parseLinhaDigitavel(boleto.linha_digitavel)).toMatchObject({ ok: true, bankCode: '104' });
    // "14": registered, issued by the beneficiary; 15 digits of sequence; mod 11 digit
    expect(boleto.nosso_numero).toMatch(/^14\d{15}-\d$/);
    const seq = boleto.nosso_numero.slice(2, 17);
    const free = boleto.barcode.slice(19);
    expect(free.slice(0, 6)).toBe('234563'); // account 022.00023456-3
    expect(free.slice(7)).toMatch(new RegExp(`^${seq.slice(0, 3)}1${seq.slice(3, 6)}4${seq.slice(6)}\\d$`));
  });
});

describe('listing', () => {
  test('filters by state (overdue included), unit and due dates', async () => {
    const all = await s.api('GET', '/invoices?per_page=100');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBeGreaterThan(100); // the seeded months

    const drafts = await s.api('GET', '/invoices?state=draft&per_page=100');
    expect(drafts.body.data.length).toBeGreaterThan(0);
    expect(drafts.body.data.every((i: { state: string }) => i.state === 'draft')).toBe(true);

    const overdue = await s.api('GET', '/invoices?state=overdue&per_page=100');
    expect(overdue.body.meta.total).toBe(13); // 4 + 3 + 2 + 1 + 1 seeded months unpaid, and A-302's two of 2024
    for (const i of overdue.body.data) {
      expect(i.state).toBe('issued');
      expect(i.due_date < today).toBe(true);
    }
    const issued = await s.api('GET', '/invoices?state=issued&per_page=100');
    expect(issued.body.meta.total).toBeGreaterThan(overdue.body.meta.total); // this test's, due later
    const paid = await s.api('GET', '/invoices?state=paid&per_page=1');
    expect(paid.body.meta.total).toBe(6 * 24 - 11);
    expect(paid.body.data[0].paid_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const unit = await s.api('GET', `/invoices?unit_id=${UNIT_A101}&due_from=${today}`);
    expect(unit.body.data.length).toBeGreaterThan(0);
    expect(unit.body.data.every((i: any) => i.unit_id === UNIT_A101 && i.due_date >= today)).toBe(true);
    const window = await s.api('GET', `/invoices?due_from=${due}&due_to=${due}&per_page=100`);
    expect(window.body.data.every((i: { due_date: string }) => i.due_date === due)).toBe(true);

    const bad = await s.api('GET', '/invoices?state=late&due_from=2030-01-10&due_to=2030-01-01');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['due_to', 'state']);
  });

  test('seeded issued invoices carry valid payment options too', async () => {
    const overdue = await s.api('GET', '/invoices?state=overdue&per_page=1');
    const inv = overdue.body.data[0];
    checkBoleto(inv.payment.boleto.barcode, inv.payment.boleto.linha_digitavel);
    const p = parsePixPayload(inv.payment.pix.payload);
    expect(p.ok && p.amountCents).toBe(Math.round(inv.total * 100));
  });
});

describe('scopes and tenancy', () => {
  test('a read-only client reads but cannot create or issue', async () => {
    const inv = await create();
    const token = await s.token('read-only');
    expect((await s.api('GET', '/invoices', { token })).status).toBe(200);
    expect((await s.api('GET', `/invoices/${inv.public_id}/payment`, { token })).status).toBe(404);
    const w = await s.api('POST', '/invoices', { token, json: base });
    expect(w.status).toBe(403);
    expect(w.body.error.message).toMatch(/invoices\.write/);
    expect((await s.api('POST', `/invoices/${inv.public_id}/issue`, { token })).status).toBe(403);
    const narrow = await s.token('default', 'payments.read');
    expect((await s.api('GET', '/invoices', { token: narrow })).status).toBe(403);
  });

  test('another condominium does not see this one’s invoices', async () => {
    const inv = await create();
    const token = await s.token('other');
    const r = await s.call('GET', `/condominiums/${OTHER_CONDOMINIUM}/invoices/${inv.public_id}`, { token });
    expect(r.status).toBe(404);
    const list = await s.call('GET', `/condominiums/${OTHER_CONDOMINIUM}/invoices`, { token });
    expect(list.body.meta.total).toBe(0);
  });
});

describe("a boleto laid out as the account's bank lays it out", () => {
  const account = (bank_code: string) => ({
    id: 9,
    name: 'Conta',
    bank_code,
    bank_name: '',
    agency: '3069',
    account_number: '0089755-1',
    type: 'checking' as const,
    current_balance_cents: 0,
    is_payment_account: false,
  });

  test.each([
    ['237', bradescoFreeField({ agencia: '3069', carteira: '09', nossoNumero: 42, conta: '0089755' })],
    ['033', santanderFreeField({ beneficiario: '0897551', nossoNumero: 42, carteira: '101' })],
    [
      '756',
      sicoobFreeField({
        carteira: '1',
        cooperativa: '3069',
        modalidade: '01',
        cliente: '0897551',
        nossoNumero: 42,
      }),
    ],
    ['001', bancoDoBrasilFreeField({ convenio: '0897551', sequence: 42, carteira: '17' })],
    ['104', caixaFreeField({ beneficiario: '897551', sequence: 42 })],
    [
      '748',
      sicrediFreeField({
        cooperativa: '3069',
        posto: '01',
        beneficiario: '97551',
        year: '31',
        byte: 2,
        sequence: 42,
      }),
    ],
    [
      '422',
      safraFreeField({ agencia: '3069', agenciaDv: '0', conta: '00089755', contaDv: '1', nossoNumero: 42 }),
    ],
    ['077', interFreeField({ numeroDocumento: 42, conta: '0089755' })],
    // a bank whose layout the sandbox does not know: nosso número, agency, account digits
    ['260', { freeField: '0000000004230690000897551', nossoNumero: '00000000042' }],
  ])('bank %s: its own layout, a barcode that validates', (bank, expected) => {
    const got = boletoFreeField(account(bank), 42, '31');
    expect(got).toEqual(expected);
    const boleto = buildBoleto({
      bankCode: bank,
      dueDate: '2031-01-10',
      amountCents: 12_345,
      freeField: got.freeField,
    });
    expect(parseLinhaDigitavel(boleto.linhaDigitavel)).toMatchObject({ ok: true, bankCode: bank });
  });
});

describe('composition and cancel (#67, condo extensions)', () => {
  const simple = {
    unit_id: UNIT_A101,
    bank_account_id: ITAU,
    due_date: due,
    subtotal: 812.34,
    total: 812.34,
  };
  const draftOf = async (json: Record<string, unknown>) => {
    const r = await s.api('POST', '/invoices', { json });
    expect(r.status, r.text).toBe(201);
    return r.body.data;
  };

  test('items add up to the subtotal, each to an active revenue account; paid, each part is booked to its account, the fine to 1.2.01', async () => {
    const bad = await s.api('POST', '/invoices', {
      json: { ...simple, items: [{ name: 'Ordinária', chart_of_accounts_id: 3, amount: 800 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.items).toEqual(['must add up to the subtotal 812.34 (they add up to 800)']);
    const expense = await s.api('POST', '/invoices', {
      json: { ...simple, items: [{ name: 'x', chart_of_accounts_id: 23, amount: 812.34 }] },
    });
    expect(expense.body.error.fields['items.0.chart_of_accounts_id']).toEqual([
      'account 2.3.01 is not an active revenue account',
    ]);
    const items = [
      { name: 'Despesas ordinárias', chart_of_accounts_id: 3, amount: 773.66 },
      { name: 'Fundo de reserva', chart_of_accounts_id: 4, amount: 38.68 },
    ];
    const inv = await draftOf({ ...simple, items });
    expect(inv.items).toEqual(items);
    await s.api('POST', `/invoices/${inv.public_id}/issue`);
    // paid late with a 2% fine: the parts to theirs, the fine to multas e juros
    const paid = await s.api('POST', `/invoices/${inv.public_id}/payment`, {
      json: { paid_at: today, amount: 828.59 },
    });
    expect(paid.status, paid.text).toBe(200);
    const entries = (await s.api('GET', '/account-entries?type=revenue&per_page=100')).body.data.filter(
      (e: { description: string }) => e.description.startsWith(`Cobrança ${inv.public_id}`),
    );
    expect(
      entries
        .map((e: { chart_of_accounts_id: number; amount: number }) => [e.chart_of_accounts_id, e.amount])
        .sort(),
    ).toEqual([
      [3, 773.66],
      [4, 38.68],
      [8, 16.25],
    ]);
  });

  test('a draft or an issued invoice is canceled; a paid or canceled one is not', async () => {
    const draft = await draftOf(simple);
    const canceled = await s.api('POST', `/invoices/${draft.public_id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.data.state).toBe('canceled');
    const again = await s.api('POST', `/invoices/${draft.public_id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.params).toEqual({ resource: 'invoice', action: 'cancel', state: 'canceled' });
  });
});
