// #73: what `cnab inspect` tallies of a file's items, and how a second half's tallies, read on a worker, join the
// first's: counts and outcomes added, a collection's titles summed, and rows of other columns refused.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { InspectItems, TABLE_ITEMS } from '../../../src/cli/inspect-items.js';
import { writeDdaFile } from '../../../src/formats/cnab240/dda-writer.js';
import {
  type CnabItem,
  readCnab240Sync,
  writePaymentRemittance,
} from '../../../src/formats/cnab240/index.js';
import { corpusDir } from '../../corpus.js';
import { sampleDdaInput, sampleInput, samplePayments } from '../formats/cnab240/fixtures.js';

const payments = readCnab240Sync(writePaymentRemittance(sampleInput(samplePayments()))).items;
const boletos = readCnab240Sync(writeDdaFile(sampleDdaInput('341'))).items;
const corpus = (path: string) => readCnab240Sync(readFileSync(resolve(corpusDir('cnab240'), path))).items;
// a bank's answers: a payment return's outcomes, a collection return's titles
const paymentReturn = corpus('rodrigogml__rfw.finance/exemplo_arquivo_de_retorno_layout_240.ret');
const collectionReturn = corpus('openboleto__OpenCnabPHP/R2100095.RET');

/** The items tallied with rows written (a listing), the rows' texts kept. */
function listed(items: CnabItem[]) {
  const written: string[] = [];
  const tally = new InspectItems(() => ({
    write: (i) => written.push(`${i.line}`),
    end: () => written.push('end'),
  }));
  for (const item of items) tally.add(item);
  tally.end();
  return { tally, written };
}

describe("cnab inspect's items", () => {
  test('a listing writes each item, in order, and ends once; a table keeps the first ones', () => {
    const { tally, written } = listed(payments);
    expect(written).toEqual([...payments.map((p) => `${p.line}`), 'end']);
    expect(tally.count).toBe(payments.length);
    expect(tally.columns).toBe('payment');
    const table = new InspectItems(undefined);
    for (let i = 0; i < TABLE_ITEMS + 3; i++) table.add(payments[i % payments.length] as CnabItem);
    expect(table.shown).toHaveLength(TABLE_ITEMS);
    expect(table.count).toBe(TABLE_ITEMS + 3);
  });

  test.each([
    ['a remittance', payments],
    ["a payment return (the bank's outcomes)", paymentReturn],
    ["a collection return (its titles' movements and sums)", collectionReturn],
  ])("%s: a second half's tallies, sent as a worker sends them, add up to the whole's", (_what, items) => {
    const half = Math.floor(items.length / 2);
    const whole = listed(items).tally;
    const first = listed(items.slice(0, half)).tally;
    const second = structuredClone(listed(items.slice(half)).tally.sent());
    expect(first.fits(second)).toBe(true);
    first.absorb(second);
    expect(first.sent()).toEqual(whole.sent());
  });

  test('the returns tally something: outcomes counted, titles summed', () => {
    const outcomes = listed(paymentReturn).tally.outcomes;
    expect(outcomes.paid + outcomes.scheduled + outcomes.rejected).toBeGreaterThan(0);
    expect(listed(collectionReturn).tally.titles.result().movements.length).toBeGreaterThan(0);
  });

  test('a half listed in other columns does not fit; one with no items fits any', () => {
    const first = listed(payments).tally;
    expect(first.fits(listed(boletos).tally.sent())).toBe(false);
    expect(first.fits(listed([]).tally.sent())).toBe(true);
    expect(listed(boletos).tally.columns).toBe('dda');
  });
});
