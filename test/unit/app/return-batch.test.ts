import { describe, expect, test } from 'vitest';
import { type CandidateBatch, matchReturn, returnBatchFinder } from '../../../src/app/return-batch.js';
import type { Batch } from '../../../src/client/index.js';
import { UsageError } from '../../../src/domain/errors.js';
import type { Text } from '../../../src/domain/text.js';
import { servedSandbox } from './served.js';

/** A batch of these seu números, paid from this account; `waitingOn` the payments still without the bank's word. */
const batch = (
  id: string,
  seus: string[],
  o: { nsa?: number; account?: string; took?: string; waitingOn?: string[] } = {},
): CandidateBatch => ({
  batch: {
    public_id: id,
    state: 'generated',
    data_pagamento: '2026-11-30',
    file_sequence: o.nsa ?? 1,
    returns: o.took ? [{ file_sha256: o.took }] : [],
  } as Batch,
  seus: new Set(seus),
  account: { agency: '1234', account_number: o.account ?? '56789-0' },
  waiting: (named) => named.some((s) => (o.waitingOn ?? seus).includes(s)),
});

const header = (seuNumeros: string[], o: { account?: string; nsa?: number; sha?: string } = {}) => ({
  seuNumeros,
  account: o.account ?? '56789-0',
  fileSequence: o.nsa ?? null,
  sha256: o.sha ?? 'f'.repeat(64),
});

describe('which batch a return answers (#54: the application layer, no terminal)', () => {
  test('the batch whose payables carry every seu número of the file', () => {
    const m = matchReturn([batch('A', ['1', '2']), batch('B', ['3'])], header(['1', '2']));
    expect('found' in m && m.found.batch.public_id).toBe('A');
  });

  test('none: no batch holds them, or one does but is paid from another account', () => {
    expect(matchReturn([batch('A', ['1'])], header(['9']))).toEqual({ none: true, holding: undefined });
    const other = matchReturn([batch('A', ['1'], { account: '11111-1' })], header(['1']));
    expect('none' in other && other.holding?.batch.public_id).toBe('A');
  });

  test('a payment sent again in a later batch: the NSA, else the batch still waiting, tells them apart', () => {
    const both = [batch('A', ['1'], { nsa: 3, waitingOn: [] }), batch('B', ['1'], { nsa: 4 })];
    const byNsa = matchReturn(both, header(['1'], { nsa: 3 }));
    expect('found' in byNsa && byNsa.found.batch.public_id).toBe('A');
    const byWaiting = matchReturn(both, header(['1']));
    expect('found' in byWaiting && byWaiting.found.batch.public_id).toBe('B');
    const neither = matchReturn([batch('A', ['1']), batch('B', ['1'])], header(['1']));
    expect('several' in neither && neither.several.map((b) => b.batch.public_id)).toEqual(['A', 'B']);
  });

  test('a re-run: the batch that already took this very file', () => {
    const m = matchReturn(
      [batch('A', ['1']), batch('B', ['1'], { took: 'abc' })],
      header(['1'], { sha: 'abc' }),
    );
    expect('found' in m && m.found.batch.public_id).toBe('B');
  });
});

describe("the finder of a return's batch, over the sandbox's batches (#72 point 1: what cli/returns.ts read itself)", () => {
  const served = servedSandbox();
  /** A seeded batch with payments, and the seu números its return would carry. */
  const seededBatch = async () => {
    for (const b of await served.client.batches.list({ all: true })) {
      const detail = await served.client.batches.get(b.public_id);
      const seus = (detail.payables ?? []).map((p) => String(p.seu_numero ?? '')).filter(Boolean);
      if (b.state !== 'canceled' && seus.length > 0) return { id: b.public_id, seus };
    }
    throw new Error('the seed has no batch with payments');
  };

  test('finds the batch by its payments and says so; a file of payments no batch holds is refused, nothing sent', async () => {
    const { id, seus } = await seededBatch();
    const said: Text[] = [];
    const finder = returnBatchFinder(served.client, (line) => said.push(line));
    const facts = { seuNumeros: seus, account: null, fileSequence: null, sha256: '0'.repeat(64) };
    expect(await finder.find('r.ret', facts)).toBe(id);
    expect(said[0]?.pt).toContain(`lote ${id}`);
    const foreign = { ...facts, seuNumeros: ['NOBATCHHASTHIS000001'] };
    await expect(finder.find('x.ret', foreign)).rejects.toThrow(
      /^x\.ret: its 1 payments are in no batch.*nothing was sent$/,
    );
  });

  test("a batch given by id must hold the file's payments", async () => {
    const { id, seus } = await seededBatch();
    const finder = returnBatchFinder(served.client, () => {});
    const facts = { seuNumeros: seus, account: null, fileSequence: null, sha256: '0'.repeat(64) };
    await expect(finder.check(id, 'r.ret', facts)).resolves.toBeUndefined();
    await expect(
      finder.check(id, 'r.ret', { ...facts, seuNumeros: [...seus, 'NOBATCHHASTHIS000001'] }),
    ).rejects.toBeInstanceOf(UsageError);
  });
});
