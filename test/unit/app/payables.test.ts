import { describe, expect, test } from 'vitest';
import { alreadyAsAsked, bankOfBatch, settledByTheBank } from '../../../src/app/payables.js';
import { ConflictError } from '../../../src/domain/errors.js';
import { servedSandbox } from './served.js';

/** What condo decides around the bulk actions on payables (#72 point 1: was cli/commands/payables.ts's). */
const served = servedSandbox();

describe('a refusal of a payable already where the action leads counts as done', () => {
  test('one already marked, refused as invalid_state, is done; another refusal, or an unmark, is not', async () => {
    const pending = await served.client.payables.list({ state: 'pending' }, { all: true });
    const results = await served.client.payables.markMany(pending.slice(0, 5).map((p) => p.public_id));
    const marked = results.find((r) => r.ok);
    if (!marked) throw new Error('no seeded pending payable could be marked');
    const p = { public_id: marked.id };
    const refused = { ok: false, error: new ConflictError('already', { code: 'invalid_state' }) };
    const other = { ok: false, error: new ConflictError('in a batch', { code: 'in_batch' }) };
    const { target, done } = await alreadyAsAsked(served.client, 'markMany', [
      { id: p.public_id, ...refused },
      { id: 'ANOTHER', ...other },
    ]);
    expect(target).toBe('marked_for_remessa');
    expect([...done]).toEqual([p.public_id]);
    expect(
      (await alreadyAsAsked(served.client, 'deleteMany', [{ id: p.public_id, ...refused }])).done.size,
    ).toBe(0);
    await served.client.payables.unmarkMany(results.filter((r) => r.ok).map((r) => r.id));
  });
});

describe('the bank a batch went to, and bills it already settled', () => {
  test("a batch's bank as its paying account's COMPE code; none for no batch", async () => {
    const [b] = await served.client.batches.list({ all: true });
    if (!b) throw new Error('the seed has no batch');
    const detail = await served.client.batches.get(b.public_id);
    const account = (await served.client.bankAccounts.list()).find((a) => a.id === detail.bank_account_id);
    expect(await bankOfBatch(served.client, b.public_id)).toBe(
      String(account?.bank_code).replace(/^0(?=\d{3}$)/, ''),
    );
    expect(await bankOfBatch(served.client, null)).toBeUndefined();
  });

  test("every pending payable the bank's last word settled is refused, with the code; no id asks nothing", async () => {
    const pending = await served.client.payables.list({ state: 'pending' }, { all: true });
    const refused = await settledByTheBank(
      served.client,
      pending.map((p) => p.public_id),
    );
    for (const [id, error] of refused) {
      expect(pending.find((p) => p.public_id === id)?.last_return?.code).toBeTruthy();
      expect(error.code).toBe('settled_by_the_bank');
    }
    expect((await settledByTheBank(served.client, [])).size).toBe(0);
  });
});
