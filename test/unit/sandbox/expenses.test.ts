import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addMonthsClamped, todayIn } from '../../../src/domain/dates.js';
import { installmentDueDate, splitIntoInstallments } from '../../../src/domain/installments.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed).
const ELEVADORES = 1;
const PAYMENT_ACCOUNT = 1;
const SAVINGS = 2;
const TAXA_CONDOMINIAL = 3; // 1.1.01, revenue
const MANUTENCAO_ELEVADORES = 23; // 2.3.01, expense
const AQUECIMENTO_PISCINA = 28; // 2.3.06, inactive

const today = todayIn(new Date());
const lastMonth = addMonthsClamped(today, -1);

const base = {
  supplier_id: ELEVADORES,
  chart_of_accounts_id: MANUTENCAO_ELEVADORES,
  amount: 1850,
  description: 'Manutenção preventiva dos elevadores',
  due_at: today,
};

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const cents = (n: number) => Math.round(n * 100);

async function balance(id: number): Promise<number> {
  const r = await s.api('GET', '/bank-accounts');
  return cents(r.body.data.find((b: { id: number }) => b.id === id).current_balance);
}

describe('a single expense', () => {
  test('without paid_at: recorded, not settled, no entry', async () => {
    const r = await s.api('POST', '/expenses', { json: { ...base, document_number: 'NF 881' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({
      ...base,
      document_number: 'NF 881',
      bank_account_id: null,
      paid_at: null,
      installment: null,
      entry_id: null,
      fine_amount: null,
    });
    expect(Number.isInteger(r.body.data.id)).toBe(true);
  });

  test('with paid_at: settled, a ledger entry in its period, the payment account debited', async () => {
    const before = await balance(PAYMENT_ACCOUNT);
    const r = await s.api('POST', '/expenses', {
      json: { ...base, fine_amount: 37, interest_amount: 1.23, discount_amount: 0.5, paid_at: today },
    });
    expect(r.status, r.text).toBe(201);
    const e = r.body.data;
    expect(e).toMatchObject({ bank_account_id: PAYMENT_ACCOUNT, paid_at: today });
    expect(Number.isInteger(e.entry_id)).toBe(true);
    expect(await balance(PAYMENT_ACCOUNT)).toBe(before - 188773);

    const entries = await s.api('GET', '/account-entries?source=expense');
    const entry = entries.body.data.find((x: { id: number }) => x.id === e.entry_id);
    expect(entry).toMatchObject({
      type: 'expense',
      amount: 1887.73,
      chart_of_accounts_id: MANUTENCAO_ELEVADORES,
      bank_account_id: PAYMENT_ACCOUNT,
      supplier_id: ELEVADORES,
      payee: 'Elevadores Horizonte Manutenção Ltda',
      paid_at: today,
      period: today.slice(0, 7),
      source: 'expense',
    });
  });

  test('on a given bank account', async () => {
    const before = await balance(SAVINGS);
    const r = await s.api('POST', '/expenses', {
      json: { ...base, amount: 12.34, bank_account_id: SAVINGS, paid_at: today },
    });
    expect(r.status, r.text).toBe(201);
    expect(await balance(SAVINGS)).toBe(before - 1234);
  });

  test('a paid_at in a closed month is period_closed, and nothing changes', async () => {
    const before = await balance(PAYMENT_ACCOUNT);
    const count = (await s.api('GET', '/expenses')).body.meta.total;
    const r = await s.api('POST', '/expenses', { json: { ...base, paid_at: lastMonth } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('period_closed');
    expect(r.body.error.message).toContain(lastMonth.slice(0, 7));
    expect(await balance(PAYMENT_ACCOUNT)).toBe(before);
    expect((await s.api('GET', '/expenses')).body.meta.total).toBe(count);
    // an unpaid expense due last month is fine: only settling writes to the ledger
    expect((await s.api('POST', '/expenses', { json: { ...base, due_at: lastMonth } })).status).toBe(201);
  });

  test('references and the chart account type are checked', async () => {
    const r = await s.api('POST', '/expenses', {
      json: { ...base, supplier_id: 999, bank_account_id: 999, chart_of_accounts_id: TAXA_CONDOMINIAL },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(Object.keys(r.body.error.fields).sort()).toEqual([
      'bank_account_id',
      'chart_of_accounts_id',
      'supplier_id',
    ]);
    expect(r.body.error.fields.chart_of_accounts_id[0]).toMatch(/not an expense/);
    const inactive = await s.api('POST', '/expenses', {
      json: { ...base, chart_of_accounts_id: AQUECIMENTO_PISCINA },
    });
    expect(inactive.body.error.fields.chart_of_accounts_id[0]).toMatch(/inactive/);
    const shape = await s.api('POST', '/expenses', { json: { ...base, amount: 1.005, due_at: 'amanhã' } });
    expect(Object.keys(shape.body.error.fields).sort()).toEqual(['amount', 'due_at']);
    const discount = await s.api('POST', '/expenses', { json: { ...base, amount: 10, discount_amount: 10 } });
    expect(discount.body.error.fields.discount_amount).toBeDefined();
  });
});

describe('installments', () => {
  test('1000.00 in 3: 333.34, 333.33, 333.33, one calendar month apart, linked', async () => {
    const r = await s.api('POST', '/expenses/installments', {
      json: {
        count: 3,
        total_amount: 1000,
        first_due_at: '2031-01-15',
        chart_of_accounts_id: MANUTENCAO_ELEVADORES,
        supplier_id: ELEVADORES,
        description: 'Modernização do elevador social',
        payment_method: 'boleto',
      },
    });
    expect(r.status, r.text).toBe(201);
    const list = r.body.data;
    expect(list.map((e: { amount: number }) => e.amount)).toEqual([333.34, 333.33, 333.33]);
    expect(list.map((e: { due_at: string }) => e.due_at)).toEqual(['2031-01-15', '2031-02-15', '2031-03-15']);
    const group = list[0].installment.group_id;
    list.forEach((e: any, i: number) => {
      expect(e.installment).toEqual({ group_id: group, number: i + 1, count: 3 });
      expect(e).toMatchObject({ paid_at: null, entry_id: null, payment_method: 'boleto' });
      expect(e.description).toBe(`Modernização do elevador social (${i + 1}/3)`);
    });
    const listed = await s.api('GET', `/expenses?due_from=2031-01-01&due_to=2031-12-31`);
    expect(listed.body.data.map((e: { id: number }) => e.id)).toEqual(list.map((e: { id: number }) => e.id));
  });

  test('the 31st: Jan 31 -> Feb 28 (or 29) -> Mar 31', async () => {
    const r = await s.api('POST', '/expenses/installments', {
      json: {
        count: 4,
        total_amount: 0.1,
        first_due_at: '2031-01-31',
        chart_of_accounts_id: MANUTENCAO_ELEVADORES,
        description: 'Parcelado',
      },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.map((e: { due_at: string }) => e.due_at)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
    ]);
    expect(r.body.data.map((e: { amount: number }) => e.amount)).toEqual([0.03, 0.03, 0.02, 0.02]);
    expect([0, 1].map((i) => installmentDueDate('2032-01-31', i))).toEqual(['2032-01-31', '2032-02-29']);
  });

  test('monthly_interval_days spaces them by days instead', async () => {
    const r = await s.api('POST', '/expenses/installments', {
      json: {
        count: 3,
        total_amount: 90,
        first_due_at: '2031-02-20',
        monthly_interval_days: 15,
        chart_of_accounts_id: MANUTENCAO_ELEVADORES,
        description: 'Quinzenal',
      },
    });
    expect(r.body.data.map((e: { due_at: string }) => e.due_at)).toEqual([
      '2031-02-20',
      '2031-03-07',
      '2031-03-22',
    ]);
  });

  test('count 2..60, interval 1..90, at least a cent each', async () => {
    const body = {
      total_amount: 100,
      first_due_at: '2031-01-10',
      chart_of_accounts_id: MANUTENCAO_ELEVADORES,
      description: 'x',
    };
    for (const count of [1, 61]) {
      const r = await s.api('POST', '/expenses/installments', { json: { ...body, count } });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.error.fields)).toEqual(['count']);
    }
    const interval = await s.api('POST', '/expenses/installments', {
      json: { ...body, count: 2, monthly_interval_days: 91 },
    });
    expect(Object.keys(interval.body.error.fields)).toEqual(['monthly_interval_days']);
    const tiny = await s.api('POST', '/expenses/installments', {
      json: { ...body, count: 3, total_amount: 0.02 },
    });
    expect(Object.keys(tiny.body.error.fields)).toEqual(['total_amount']);
    const sixty = await s.api('POST', '/expenses/installments', { json: { ...body, count: 60 } });
    expect(sixty.status).toBe(201);
    expect(sixty.body.data.at(-1).due_at).toBe('2035-12-10');
    expect(sixty.body.data.reduce((t: number, e: { amount: number }) => t + cents(e.amount), 0)).toBe(10000);
  });

  test('splitIntoInstallments always adds up, the first ones taking the extra cents', () => {
    for (const [total, count] of [
      [100000, 3],
      [1, 2],
      [999_999_999_99, 7],
      [6000, 60],
    ] as const) {
      const parts = splitIntoInstallments(total, count);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      expect([...parts].sort((a, b) => b - a)).toEqual(parts);
    }
  });
});

describe('listing and scopes', () => {
  test('filters: supplier, chart account, paid window', async () => {
    const bySupplier = await s.api('GET', `/expenses?supplier_id=${ELEVADORES}&per_page=100`);
    expect(bySupplier.body.data.every((e: any) => e.supplier_id === ELEVADORES)).toBe(true);
    const paid = await s.api('GET', `/expenses?paid_from=${today}&paid_to=${today}`);
    expect(paid.body.meta.total).toBe(2);
    expect(paid.body.data.every((e: any) => e.paid_at === today)).toBe(true);
    const byChart = await s.api('GET', `/expenses?chart_of_accounts_id=${TAXA_CONDOMINIAL}`);
    expect(byChart.body.meta.total).toBe(0);
    const unpaid = await s.api('GET', '/expenses?paid=false&per_page=100');
    expect(unpaid.body.data.every((e: any) => e.paid_at === null)).toBe(true);
    const bad = await s.api('GET', '/expenses?paid_from=yesterday&supplier_id=0');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['paid_from', 'supplier_id']);
  });

  test('a read-only client lists but cannot create', async () => {
    const token = await s.token('read-only');
    expect((await s.api('GET', '/expenses', { token })).status).toBe(200);
    const r = await s.api('POST', '/expenses', { token, json: base });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/expenses\.write/);
    const i = await s.api('POST', '/expenses/installments', { token, json: {} });
    expect(i.status).toBe(403);
  });
});
