import { describe, expect, test } from 'vitest';
import { boletosEnteredBefore, postableExpenseAccounts } from '../../../src/app/payable-entry.js';
import { barcodeOf } from '../../../src/domain/batch-preview.js';
import type { Text } from '../../../src/domain/text.js';
import { servedSandbox } from './served.js';

/** What entering a payable asks of the server first (#72 point 1: what cli/payable-entry.ts read itself). */
const served = servedSandbox();

describe('a boleto entered before', () => {
  test("a seeded boleto's barcode is found; a body that is no boleto costs no read; a file's second entry names its first", async () => {
    const boleto = (await served.client.payables.list({}, { all: true })).find(
      (p) => p.forma_pagamento === 'boleto' && barcodeOf(p) !== null,
    );
    if (!boleto) throw new Error('the seed has no boleto payable');
    const body = { forma_pagamento: 'boleto', document_number: boleto.document_number };
    const warned: Text[] = [];
    const [first, second, other] = await boletosEnteredBefore(
      served.client,
      [body, body, { forma_pagamento: 'pix' }],
      (t) => warned.push(t),
    );
    expect(first?.payables.map((p) => p.public_id)).toContain(boleto.public_id);
    expect(first?.entry).toBeNull();
    expect(second?.entry).toBe(0);
    expect(other).toBeNull();
    expect(warned).toEqual([]);
    expect(await boletosEnteredBefore(served.client, [{ forma_pagamento: 'ted' }], () => {})).toEqual([null]);
  });
});

describe('the chart accounts a bill can be booked to', () => {
  test('expense accounts only, active, and none that groups others', async () => {
    const all = await served.client.chartOfAccounts.list({ type: 'expense' });
    const groups = new Set(all.map((a) => a.parent_id).filter((id) => typeof id === 'number'));
    const postable = await postableExpenseAccounts(served.client);
    expect(postable.length).toBeGreaterThan(0);
    expect(postable.length).toBeLessThan(all.length);
    for (const a of postable) expect(groups.has(a.id)).toBe(false);
  });
});
