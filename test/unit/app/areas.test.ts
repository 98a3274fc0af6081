import { describe, expect, test } from 'vitest';
import { batchDetail, batchesPage, batchFile, cancelBatch, createBatch } from '../../../src/app/batches.js';
import { enterExpense, enterExpenses, enterInstallments, expensesPage } from '../../../src/app/expenses.js';
import { monetaryIndexesList } from '../../../src/app/index-tables.js';
import {
  enterInvoice,
  enterInvoices,
  invoiceDetail,
  invoicePayment,
  invoicesPage,
  issueInvoice,
} from '../../../src/app/invoices.js';
import {
  chartAccounts,
  entriesPage,
  recordEntries,
  recordEntry,
  recordTransfer,
  recordTransfers,
} from '../../../src/app/ledger.js';
import { postableExpenseAccounts } from '../../../src/app/payable-entry.js';
import {
  actOnPayables,
  changePayable,
  enterPayable,
  enterPayables,
  payableDetail,
  payablesPage,
} from '../../../src/app/payables.js';
import { bankAccountsList, suppliersList, unitsList } from '../../../src/app/registers.js';
import { defaultersList } from '../../../src/app/reports.js';
import { accessToken, rawRequest } from '../../../src/app/session.js';
import { statementsPage } from '../../../src/app/statements.js';
import { subscribe, unsubscribe, webhooksList } from '../../../src/app/webhooks.js';
import { nextBusinessDay } from '../../../src/domain/business-days.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { servedSandbox } from './served.js';

/**
 * The one-call use-cases of each area (#72 point 1: what a verb now runs through deps.app), each as a bookkeeper's
 * step against the sandbox: what the product calls the operation, and that it reaches the API it names.
 */
const served = servedSandbox();
const soon = () => addDays(todayIn(new Date()), 10);
const leafExpense = async () => {
  const [leaf] = await postableExpenseAccounts(served.client);
  if (!leaf) throw new Error('the seed has no leaf expense account');
  return leaf.id;
};
let runs = 0;
/** A file's keys, apart for each file (one prefix for two files would replay the first's answers). */
const opts = () => ({ keyPrefix: `areas-${Date.now()}-${++runs}` });

describe('payables: enter one and a file of many, read, change, mark and unmark', () => {
  test('each step answers with the payable as the API keeps it', async () => {
    const chart = await leafExpense();
    const [supplier] = await suppliersList(served.client);
    if (!supplier) throw new Error('the seed has no supplier');
    const body = {
      supplier_id: supplier.id,
      chart_of_accounts_id: chart,
      amount: 12_345,
      forma_pagamento: 'ted' as const,
      due_date: soon(),
      description: 'Areas',
    };
    const one = await enterPayable(served.client, body);
    const many = await enterPayables(served.client, [body, { ...body, amount: 500 }], opts());
    expect(many.every((r) => r.ok)).toBe(true);
    expect((await payableDetail(served.client, one.public_id)).amount).toBe(12_345);
    expect((await changePayable(served.client, one.public_id, { amount: 999 })).amount).toBe(999);
    const page = await payablesPage(served.client, { state: 'pending' }, { all: true });
    expect(page.map((p) => p.public_id)).toContain(one.public_id);
    const [marked] = await actOnPayables(served.client, 'markMany', [one.public_id], {});
    expect(marked?.ok).toBe(true);
    const [unmarked] = await actOnPayables(served.client, 'unmarkMany', [one.public_id], {});
    expect(unmarked?.ok).toBe(true);
  });
});

describe('batches: the list, one, its file, a new one and taking it back', () => {
  test('a batch made of one marked payable is read, downloaded and canceled', async () => {
    const supplier = (await suppliersList(served.client)).find((x) => x.bank && x.document);
    if (!supplier) throw new Error('the seed has no supplier with bank data');
    const p = await enterPayable(served.client, {
      supplier_id: supplier.id,
      chart_of_accounts_id: await leafExpense(),
      amount: 4_321,
      forma_pagamento: 'ted',
      due_date: soon(),
      description: 'Areas, a batch',
    });
    const [marked] = await actOnPayables(served.client, 'markMany', [p.public_id], {});
    expect(marked?.ok).toBe(true);
    // the next bank business day after today: a batch is refused on a weekend or holiday (a Friday's tomorrow is not one)
    const batch = await createBatch(served.client, nextBusinessDay(addDays(todayIn(new Date()), 1)));
    expect((await batchDetail(served.client, batch.public_id)).public_id).toBe(batch.public_id);
    expect((await batchesPage(served.client, { all: true })).map((b) => b.public_id)).toContain(
      batch.public_id,
    );
    const file = await batchFile(served.client, batch.public_id);
    let bytes = 0;
    for await (const chunk of file.body) bytes += (chunk as Buffer).length;
    expect(bytes % 242 === 0 || bytes % 240 === 0).toBe(true);
    const canceled = await cancelBatch(served.client, batch.public_id);
    expect(canceled.payables_count).toBe(batch.payables_count);
  });
});

describe('the ledger: an entry, a file of entries, a transfer, the entries of a month', () => {
  test('each goes in and is listed', async () => {
    const chart = await leafExpense();
    expect((await chartAccounts(served.client, { type: 'expense' })).map((a) => a.id)).toContain(chart);
    const [a, b] = await bankAccountsList(served.client);
    if (!a || !b) throw new Error('the seed has no two bank accounts');
    const paid_at = todayIn(new Date());
    const entry = await recordEntry(served.client, {
      type: 'expense',
      chart_of_accounts_id: chart,
      bank_account_id: a.id,
      amount: 10.5,
      description: 'Areas',
      paid_at,
    });
    const more = await recordEntries(
      served.client,
      [{ type: 'expense', chart_of_accounts_id: chart, amount: 3, description: 'Areas, a file', paid_at }],
      opts(),
    );
    expect(more[0]?.ok).toBe(true);
    const transfer = await recordTransfer(served.client, {
      source_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 1,
      transfer_date: paid_at,
      chart_of_accounts_id: chart,
    });
    expect(transfer.outgoing?.bank_account_id).toBe(a.id);
    const transfers = await recordTransfers(
      served.client,
      [
        {
          source_bank_account_id: b.id,
          destination_bank_account_id: a.id,
          amount: 1,
          transfer_date: paid_at,
          chart_of_accounts_id: chart,
        },
      ],
      opts(),
    );
    expect(transfers[0]?.ok).toBe(true);
    const listed = await entriesPage(served.client, { from: paid_at, to: paid_at }, { all: true });
    expect(listed.map((e) => e.id)).toContain(entry.id);
  });
});

describe('invoices: enter one and many, issue, its payment options, the list', () => {
  test('an invoice of a unit, issued, carries a boleto', async () => {
    const [unit] = await unitsList(served.client);
    const account =
      (await bankAccountsList(served.client)).find((x) => x.is_payment_account) ??
      (await bankAccountsList(served.client))[0];
    if (!unit || !account) throw new Error('the seed has no unit or account');
    const body = {
      unit_id: unit.id,
      bank_account_id: account.id,
      due_date: soon(),
      subtotal: 100,
      total: 100,
    };
    const inv = await enterInvoice(served.client, body);
    const many = await enterInvoices(served.client, [body], opts());
    expect(many[0]?.ok).toBe(true);
    expect((await invoiceDetail(served.client, inv.public_id)).public_id).toBe(inv.public_id);
    const issued = await issueInvoice(served.client, inv.public_id);
    expect(issued.state).toBe('issued');
    expect((await invoicePayment(served.client, inv.public_id)).boleto?.linha_digitavel).toMatch(/^\d{47}$/);
    expect((await invoicesPage(served.client, {}, { all: true })).map((i) => i.public_id)).toContain(
      inv.public_id,
    );
  });
});

describe('expenses: one, a file, installments, the list', () => {
  test('each is entered and listed', async () => {
    const chart = await leafExpense();
    const body = { chart_of_accounts_id: chart, description: 'Areas', amount: 20, due_at: soon() };
    const one = await enterExpense(served.client, body);
    expect((await enterExpenses(served.client, [body], opts()))[0]?.ok).toBe(true);
    const series = await enterInstallments(served.client, {
      chart_of_accounts_id: chart,
      description: 'Parcelas',
      count: 3,
      total_amount: 100,
      first_due_at: soon(),
    });
    expect(series).toHaveLength(3);
    expect((await expensesPage(served.client, {}, { all: true })).map((e) => e.id)).toContain(one.id);
  });
});

describe('the rest: webhooks, the session, reports, statement imports, indexes', () => {
  test('a subscription made, listed and removed; a token; a raw GET; the defaulters; the imports; the indexes', async () => {
    const sub = await subscribe(served.client, { url: 'http://127.0.0.1:9/hook', events: ['*'] });
    expect((await webhooksList(served.client)).map((w) => w.id)).toContain(sub.id);
    await unsubscribe(served.client, sub.id);
    expect((await webhooksList(served.client)).map((w) => w.id)).not.toContain(sub.id);
    expect((await accessToken(served.client)).access_token.length).toBeGreaterThan(10);
    expect((await rawRequest(served.client, { method: 'GET', path: '/units' })).status).toBe(200);
    expect(Array.isArray([...(await defaultersList(served.client, {}))])).toBe(true);
    expect(Array.isArray([...(await statementsPage(served.client, {}, { all: true }))])).toBe(true);
    expect((await monetaryIndexesList(served.client)).length).toBeGreaterThan(0);
  });
});
