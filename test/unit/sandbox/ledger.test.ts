import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addMonthsClamped, todayIn } from '../../../src/domain/dates.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed).
const PAYMENT_ACCOUNT = 1;
const SAVINGS = 2;
const CDB = 3;
const AURORA_ACCOUNT = 4;
const UNIT_A101 = 1;
const TAXA_CONDOMINIAL = 3; // 1.1.01, revenue
const RENDIMENTOS = 9; // 1.2.02, revenue
const ESTACIONAMENTO = 11; // 1.2.04, revenue, inactive
const TARIFAS = 33; // 2.4.04, expense

const today = todayIn(new Date());
const lastMonth = addMonthsClamped(today, -1);

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const cents = (n: number) => Math.round(n * 100);

async function balances(): Promise<Map<number, number>> {
  const r = await s.api('GET', '/bank-accounts');
  return new Map(
    r.body.data.map((b: { id: number; current_balance: number }) => [b.id, cents(b.current_balance)]),
  );
}

const revenue = {
  type: 'revenue',
  chart_of_accounts_id: TAXA_CONDOMINIAL,
  bank_account_id: PAYMENT_ACCOUNT,
  unit_id: UNIT_A101,
  amount: 850,
  description: 'Taxa condominial recebida em dinheiro',
  paid_at: today,
};

describe('account entries', () => {
  test('a revenue entry adds to its account; an expense takes from it; GET lists them', async () => {
    const before = await balances();
    const r = await s.api('POST', '/account-entries', { json: revenue });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({
      ...revenue,
      period: today.slice(0, 7),
      source: 'manual',
      transfer_id: null,
      reconciled: false,
      supplier_id: null,
      payee: null,
      due_at: null,
    });
    const fee = await s.api('POST', '/account-entries', {
      json: {
        type: 'expense',
        chart_of_accounts_id: TARIFAS,
        amount: 12.9,
        description: 'Tarifa de manutenção de conta',
        paid_at: today,
      },
    });
    expect(fee.status, fee.text).toBe(201);
    expect(fee.body.data.bank_account_id).toBe(PAYMENT_ACCOUNT); // none given: the payment account
    const after = await balances();
    expect(after.get(PAYMENT_ACCOUNT)).toBe((before.get(PAYMENT_ACCOUNT) ?? 0) + 85000 - 1290);

    const listed = await s.api(
      'GET',
      `/account-entries?source=manual&from=${today}&to=${today}&per_page=100`,
    );
    const ids = listed.body.data.map((e: { id: number }) => e.id);
    expect(ids).toContain(r.body.data.id);
    expect(ids).toContain(fee.body.data.id);
    expect(fee.body.data.id).toBeGreaterThan(r.body.data.id);
  });

  test('a paid_at in a closed month is period_closed; nothing moves', async () => {
    const before = await balances();
    const r = await s.api('POST', '/account-entries', { json: { ...revenue, paid_at: lastMonth } });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('period_closed');
    expect(r.body.error.fields.paid_at).toBeDefined();
    expect(await balances()).toEqual(before);
  });

  test('the type must match the chart account; references are checked', async () => {
    const mismatch = await s.api('POST', '/account-entries', { json: { ...revenue, type: 'expense' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.code).toBe('validation_failed');
    expect(mismatch.body.error.fields.chart_of_accounts_id[0]).toMatch(/revenue account/);
    const other = await s.api('POST', '/account-entries', {
      json: { ...revenue, chart_of_accounts_id: TARIFAS },
    });
    expect(other.body.error.fields.chart_of_accounts_id[0]).toMatch(/expense account/);
    const refs = await s.api('POST', '/account-entries', {
      json: { ...revenue, bank_account_id: AURORA_ACCOUNT, unit_id: 999, supplier_id: 999 },
    });
    expect(Object.keys(refs.body.error.fields).sort()).toEqual(['bank_account_id', 'supplier_id', 'unit_id']);
    const inactive = await s.api('POST', '/account-entries', {
      json: { ...revenue, chart_of_accounts_id: ESTACIONAMENTO },
    });
    expect(inactive.body.error.fields.chart_of_accounts_id[0]).toMatch(/inactive/);
    const shape = await s.api('POST', '/account-entries', {
      json: { ...revenue, type: 'income', amount: -1, paid_at: undefined },
    });
    expect(Object.keys(shape.body.error.fields).sort()).toEqual(['amount', 'paid_at', 'type']);
  });
});

describe('transfers', () => {
  test('an outgoing and an incoming entry, one transfer_id, both balances moved', async () => {
    const before = await balances();
    const r = await s.api('POST', '/account-transfers', {
      json: {
        source_bank_account_id: PAYMENT_ACCOUNT,
        destination_bank_account_id: SAVINGS,
        amount: 5000.01,
        transfer_date: today,
        chart_of_accounts_id: RENDIMENTOS,
        description: 'Aporte ao fundo de reserva',
      },
    });
    expect(r.status, r.text).toBe(201);
    const { transfer_id, outgoing, incoming } = r.body.data;
    expect(transfer_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(outgoing).toMatchObject({
      type: 'expense',
      bank_account_id: PAYMENT_ACCOUNT,
      amount: 5000.01,
      source: 'transfer',
      transfer_id,
      paid_at: today,
      description: 'Aporte ao fundo de reserva',
    });
    expect(incoming).toMatchObject({
      type: 'revenue',
      bank_account_id: SAVINGS,
      amount: 5000.01,
      transfer_id,
    });
    const after = await balances();
    expect(after.get(PAYMENT_ACCOUNT)).toBe((before.get(PAYMENT_ACCOUNT) ?? 0) - 500001);
    expect(after.get(SAVINGS)).toBe((before.get(SAVINGS) ?? 0) + 500001);
    expect(after.get(CDB)).toBe(before.get(CDB));

    const listed = await s.api('GET', '/account-entries?source=transfer');
    expect(listed.body.data.map((e: { id: number }) => e.id)).toEqual([outgoing.id, incoming.id]);
  });

  test('same account, unknown accounts, closed period are refused', async () => {
    const body = {
      source_bank_account_id: SAVINGS,
      destination_bank_account_id: SAVINGS,
      amount: 10,
      transfer_date: today,
      chart_of_accounts_id: RENDIMENTOS,
    };
    const before = await balances();
    const same = await s.api('POST', '/account-transfers', { json: body });
    expect(same.status).toBe(422);
    expect(same.body.error.fields.destination_bank_account_id[0]).toMatch(/differ/);
    const unknown = await s.api('POST', '/account-transfers', {
      json: { ...body, source_bank_account_id: 999, destination_bank_account_id: AURORA_ACCOUNT },
    });
    expect(Object.keys(unknown.body.error.fields).sort()).toEqual([
      'destination_bank_account_id',
      'source_bank_account_id',
    ]);
    const closed = await s.api('POST', '/account-transfers', {
      json: { ...body, destination_bank_account_id: CDB, transfer_date: lastMonth },
    });
    expect(closed.status).toBe(422);
    expect(closed.body.error.code).toBe('period_closed');
    expect(await balances()).toEqual(before);
  });

  test('writes need plano-de-contas.write', async () => {
    const token = await s.token('read-only');
    expect((await s.api('GET', '/account-entries', { token })).status).toBe(200);
    const e = await s.api('POST', '/account-entries', { token, json: revenue });
    expect(e.status).toBe(403);
    expect(e.body.error.message).toMatch(/plano-de-contas\.write/);
    expect((await s.api('POST', '/account-transfers', { token, json: {} })).status).toBe(403);
  });
});
