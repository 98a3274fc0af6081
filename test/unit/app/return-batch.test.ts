import { describe, expect, test } from 'vitest';
import { type CandidateBatch, matchReturn } from '../../../src/app/return-batch.js';
import type { Batch } from '../../../src/client/index.js';

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
