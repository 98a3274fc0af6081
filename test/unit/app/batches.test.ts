import { describe, expect, test } from 'vitest';
import { markedPayables, remittancePreview } from '../../../src/app/batches.js';
import { unitLabels } from '../../../src/app/invoices.js';
import { servedSandbox } from './served.js';

/** A remittance's preview and the units' labels (#72 point 1: were cli/commands/batches.ts's and invoices.ts's). */
const served = servedSandbox();

describe("the next remittance's preview", () => {
  test('what the marked payables would carry: their count and total by forma, paid on the date given', async () => {
    const pending = await served.client.payables.list({ state: 'pending' }, { all: true });
    const results = await served.client.payables.markMany(pending.slice(0, 3).map((p) => p.public_id));
    const marked = await markedPayables(served.client);
    expect(marked.length).toBeGreaterThanOrEqual(results.filter((r) => r.ok).length);
    const preview = await remittancePreview(
      served.client,
      { setting: () => undefined, warn: () => {} },
      marked,
      '2026-12-15',
    );
    expect(preview.count).toBe(marked.length);
    expect(preview.payment_date).toBe('2026-12-15');
    expect(preview.by_forma.reduce((n, f) => n + f.count, 0)).toBe(marked.length);
    const limited = await markedPayables(served.client, 1);
    expect(limited.length).toBe(Math.min(1, marked.length));
    await served.client.payables.unmarkMany(results.filter((r) => r.ok).map((r) => r.id));
  });
});

describe("the units' labels", () => {
  test('"Bloco A - 101" for each unit id', async () => {
    const labels = await unitLabels(served.client);
    const [unit] = await served.client.units.list();
    if (!unit) throw new Error('the seed has no unit');
    expect(labels?.get(unit.id)).toMatch(/\S/);
  });
});
