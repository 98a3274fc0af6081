import { describe, expect, test } from 'vitest';
import {
  chartAccountNamed,
  idNamer,
  payableIdsOf,
  publicIdOf,
  supplierNamed,
} from '../../../src/app/find.js';
import { NotFoundError, UsageError } from '../../../src/domain/errors.js';
import type { Text } from '../../../src/domain/text.js';
import { servedSandbox } from './served.js';

/** Finding things the way support names them (#72 point 1: what cli/resolve.ts read itself), over the sandbox. */
const served = servedSandbox();
const refuse = (t: Text) => new UsageError(t);

describe('a supplier and a chart account by the name a person gives', () => {
  test('a whole name, a part of one in another case; a name none has is refused in both languages', async () => {
    const [first] = await served.client.suppliers.list();
    if (!first?.name) throw new Error('the seed has no named supplier');
    expect(await supplierNamed(served.client, first.name, refuse)).toBe(first.id);
    expect(await supplierNamed(served.client, first.name.toUpperCase(), refuse)).toBe(first.id);
    const none = supplierNamed(served.client, 'no such supplier zzz', refuse);
    await expect(none).rejects.toBeInstanceOf(UsageError);
    await expect(none).rejects.toMatchObject({ text: { pt: expect.stringContaining('fornecedor') } });
  });

  test('a chart account by its code', async () => {
    const chart = await served.client.chartOfAccounts.list();
    const coded = chart.find((a) => typeof a.code === 'string' && a.code.length > 0);
    if (!coded) throw new Error('the seed has no coded chart account');
    expect(await chartAccountNamed(served.client, String(coded.code), refuse)).toBe(coded.id);
  });
});

describe("a payable's, a batch's or a statement import's id from what support has at hand", () => {
  test('a whole id costs no read; a unique end of one and the seu número (its last 20) find it', async () => {
    const [p] = await served.client.payables.list({}, { all: true });
    if (!p) throw new Error('the seed has no payable');
    const id = p.public_id;
    const ids = await payableIdsOf(served.client, [
      { name: 'ID', text: id },
      { name: 'ID', text: id.slice(-20).toLowerCase() },
      { name: 'ID', text: `…${id.slice(-10)}` },
    ]);
    expect(ids).toEqual([id, id, id]);
  });

  test('text that is no id is refused naming the argument; an end no payable has is not found', async () => {
    await expect(payableIdsOf(served.client, [{ name: 'ID', text: 'x!' }])).rejects.toThrow(/^ID: "x!"/);
    await expect(payableIdsOf(served.client, [{ name: 'ID', text: 'ZZZZZZZZZZZZ' }])).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  test("a batch by its id's end", async () => {
    const [b] = await served.client.batches.list({ all: true });
    if (!b) throw new Error('the seed has no batch');
    expect(await publicIdOf(served.client, 'BATCH', b.public_id.slice(-8), 'batch')).toBe(b.public_id);
  });
});

describe('the names a detail view prints beside ids', () => {
  test("a supplier's and a bank account's name beside the id; an id no one has stays an id", async () => {
    const [s] = await served.client.suppliers.list();
    const [account] = await served.client.bankAccounts.list();
    if (!s || !account) throw new Error('the seed has no supplier or bank account');
    const names = idNamer(served.client);
    expect(await names.supplier(s.id)).toBe(`${s.name} (${s.id})`);
    expect(await names.bankAccount(account.id)).toMatch(new RegExp(`^${account.name}.*\\(${account.id}\\)$`));
    expect(await names.supplier(999_999)).toBe('999999');
    expect(await names.unit(null)).toBe('');
  });
});
