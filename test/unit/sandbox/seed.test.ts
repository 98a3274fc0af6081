import { isValidBankAccount } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import { isValidCnpj, isValidCpf } from '../../../src/domain/documents.js';
import type { SandboxContext } from '../../../src/sandbox/http/context.js';
import { OTHER_CONDOMINIUM, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

let s: Session;
let ctx: SandboxContext;
beforeAll(async () => {
  s = await sandboxSession({}, (c) => {
    ctx = c;
  });
});
afterAll(() => s.close());

describe('a fresh sandbox looks like a real condominium', () => {
  test('units in blocks, each with its owner', async () => {
    const r = await s.api('GET', '/units?per_page=100');
    expect(r.status).toBe(200);
    expect(r.body.meta.total).toBe(24);
    expect(r.body.data[0]).toMatchObject({ block: 'A', number: '101', label: 'Bloco A - 101' });
    expect(r.body.data.every((u: { owner: string }) => u.owner.length > 5)).toBe(true);
    const blockB = await s.api('GET', '/units?block=B');
    expect(blockB.body.meta.total).toBe(12);
    const one = await s.api('GET', `/units/${r.body.data[0].id}`);
    expect(one.body.data).toEqual(r.body.data[0]);
  });

  test('suppliers with valid documents; some pay by bank, some by PIX, one by neither', async () => {
    const r = await s.api('GET', '/suppliers');
    const suppliers = r.body.data as { document: string; bank: unknown; pix_key: string | null }[];
    for (const sup of suppliers) {
      expect(sup.document.length === 11 ? isValidCpf(sup.document) : isValidCnpj(sup.document)).toBe(true);
    }
    expect(suppliers.some((x) => x.bank && !x.pix_key)).toBe(true);
    expect(suppliers.some((x) => !x.bank && x.pix_key)).toBe(true);
    expect(suppliers.some((x) => !x.bank && !x.pix_key)).toBe(true);
    expect(suppliers.some((x) => x.document.length === 11)).toBe(true);
    expect((await s.api('GET', '/suppliers?q=elevadores')).body.data).toHaveLength(1);
    expect((await s.api('GET', '/suppliers/9999')).status).toBe(404);
  });

  test('bank accounts with decimal balances and one payment account', async () => {
    const r = await s.api('GET', '/bank-accounts');
    expect(r.body.data.map((b: { type: string }) => b.type)).toEqual(['checking', 'savings', 'investment']);
    expect(r.body.data[0]).toMatchObject({
      is_payment_account: true,
      current_balance: 48235.17,
      bank_code: '341',
    });
    expect(r.body.data.filter((b: { is_payment_account: boolean }) => b.is_payment_account)).toHaveLength(1);
  });

  test('a chart of accounts with revenue and expense groups, filterable by type and state', async () => {
    const all = await s.api('GET', '/chart-of-accounts?per_page=100');
    const byCode = new Map(all.body.data.map((a: { code: string }) => [a.code, a]));
    expect(byCode.get('1.1.01')).toMatchObject({
      name: 'Taxa condominial',
      type: 'revenue',
      state: 'active',
    });
    expect(byCode.get('2.3.01')).toMatchObject({ name: 'Manutenção de elevadores', type: 'expense' });
    expect((byCode.get('2.3.01') as { parent_id: number }).parent_id).toBe(
      (byCode.get('2.3') as { id: number }).id,
    );

    const inactive = await s.api('GET', '/chart-of-accounts?state=inactive');
    expect(inactive.body.data.length).toBeGreaterThanOrEqual(2);
    const revenue = await s.api('GET', '/chart-of-accounts?type=revenue&per_page=100');
    expect(revenue.body.data.every((a: { type: string }) => a.type === 'revenue')).toBe(true);
    const bad = await s.api('GET', '/chart-of-accounts?type=asset');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.type[0]).toMatch(/revenue, expense/);
  });

  test("every seeded bank account, the condominiums' and the suppliers', carries its bank's check digit", () => {
    // Checked by an independent implementation of each bank's rule (brazilian-utils). Caixa's digit covers the
    // operation too, which its account numbers carry before the conta (022.00023456-3: 022, a company's savings).
    const accounts: { where: string; bankCode: string; agency: string; account: string; type?: string }[] =
      [];
    for (const slug of [TEST_CONDOMINIUM, OTHER_CONDOMINIUM]) {
      ctx.store.read(slug, (tx) => {
        for (const a of tx.bankAccounts.find())
          accounts.push({
            where: `${slug} ${a.name}`,
            bankCode: a.bank_code,
            agency: a.agency,
            account: a.account_number,
            type: a.type,
          });
        for (const x of tx.suppliers.find())
          if (x.bank)
            accounts.push({
              where: `${slug} ${x.name}`,
              bankCode: x.bank.code,
              agency: x.bank.agency,
              account: x.bank.account,
              type: x.bank.account_type,
            });
      });
    }
    expect(accounts.length).toBeGreaterThan(10);
    for (const a of accounts) {
      const [number = '', digit = ''] = a.account.split('-');
      const [agency = ''] = a.agency.split('-');
      const valid = isValidBankAccount({
        bankCode: a.bankCode,
        agency,
        account: number.replace('.', ''),
        digit,
      });
      expect(valid, `${a.where}: ${a.bankCode} ${a.agency} ${a.account}`).toBe(true);
    }
  });

  test('this month is open, the twelve before it closed', () => {
    const month = todayIn(new Date()).slice(0, 7);
    for (const slug of [TEST_CONDOMINIUM, OTHER_CONDOMINIUM]) {
      const periods = ctx.store.read(slug, (tx) => tx.periods.find(undefined, { orderBy: ['period'] }));
      expect(periods).toHaveLength(13);
      expect(periods.at(-1)).toEqual({ period: month, state: 'open' });
      expect(periods.slice(0, 12).every((p) => p.state === 'closed' && p.period < month)).toBe(true);
    }
  });

  test('the second condominium has its own records', async () => {
    const token = await s.token('other');
    const r = await s.call('GET', `/condominiums/${OTHER_CONDOMINIUM}/suppliers`, { token });
    const mine = await s.api('GET', '/suppliers');
    const ids = new Set(mine.body.data.map((x: { id: number }) => x.id));
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.some((x: { id: number }) => ids.has(x.id))).toBe(false);
  });
});
