import { describe, expect, test } from 'vitest';
import { condominiumDocument, correctSupplier, supplierWithRejections } from '../../../src/app/registers.js';
import { paidInMonth } from '../../../src/app/reports.js';
import { statementDetail } from '../../../src/app/statements.js';
import { NotFoundError } from '../../../src/domain/errors.js';
import { servedSandbox } from './served.js';

/** The registers, a month's payments and a statement import (#72 point 1: what the verbs read themselves). */
const served = servedSandbox();

describe('a supplier and its rejected payables', () => {
  test('only its pending payables the bank refused; a correction of one no one has is a 404 before the extension', async () => {
    for (const s of await served.client.suppliers.list()) {
      const { supplier, rejected } = await supplierWithRejections(served.client, s.id, { rejections: true });
      expect((await supplierWithRejections(served.client, s.id, { rejections: false })).rejected).toEqual([]);
      expect(supplier.id).toBe(s.id);
      for (const p of rejected) expect(p).toMatchObject({ supplier_id: s.id, state: 'pending' });
    }
    await expect(correctSupplier(served.client, 999_999, { name: 'X' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  test("the condominium's CNPJ as the server has it", async () => {
    expect(await condominiumDocument(served.client)).toBe((await served.client.condominiums.get()).document);
  });
});

describe("a month's payments", () => {
  test("the month's expense entries only, with the chart accounts' names", async () => {
    const [entry] = await served.client.accountEntries.list({ type: 'expense' }, { all: true });
    if (!entry?.paid_at) throw new Error('the seed has no expense entry');
    const month = entry.paid_at.slice(0, 7);
    const { paid, chartName } = await paidInMonth(served.client, month);
    expect(paid.length).toBeGreaterThan(0);
    for (const e of paid)
      expect(e).toMatchObject({ type: 'expense', paid_at: expect.stringMatching(`^${month}`) });
    expect(chartName.get(entry.chart_of_accounts_id)).toBeTruthy();
  });
});

describe('a statement import', () => {
  test('one no server has is said to be missing, or the server to keep none', async () => {
    const missing = statementDetail(served.client, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toThrow(/or this server keeps none: statements show is an extension/);
  });
});
