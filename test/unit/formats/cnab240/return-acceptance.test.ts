// One rule for whether a payment return is taken (#72 point 2), the CLI's and the sandbox's: each reason on a real
// file of the corpus (test/fixtures/corpus/cnab240/MANIFEST.tsv) or on one cut from it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCnab240Sync } from '../../../../src/formats/cnab240/index.js';
import { ReturnWatch, returnRefusal } from '../../../../src/formats/cnab240/return-acceptance.js';
import { corpusDir } from '../../../corpus.js';

const corpus = corpusDir('cnab240');
const RETURN = 'KeeperFormaturas__cnab240/TEST.RET';

function judged(bytes: Buffer | string) {
  const watch = new ReturnWatch();
  const file = readCnab240Sync(bytes, {
    onItem: (i) => watch.onItem(i),
    onProblem: (p) => watch.onProblem(p),
  });
  return {
    refusal: returnRefusal(file, watch, typeof bytes === 'string' ? bytes.length : bytes.length),
    watch,
  };
}
const real = (path: string) => readFileSync(resolve(corpus, path));

describe('a payment return is taken, or refused for one reason', () => {
  test('a real payment return is taken, its seu números gathered', () => {
    const { refusal, watch } = judged(real(RETURN));
    expect(refusal).toBeNull();
    expect(watch.seuNumeros.size).toBeGreaterThan(0);
  });

  test('a remittance, a collection return, an empty file', () => {
    expect(
      judged(real('rodrigogml__rfw.finance/exemplo_arquivo_de_remessa_layout_240.rem')).refusal?.reason,
    ).toBe('remittance');
    expect(judged(real('marcodpt__cnab/tests__retorno_cobranca__bb.txt')).refusal?.reason).toBe('collection');
    expect(judged('').refusal?.reason).toBe('empty');
  });

  test('a return cut before its trailers is truncated, naming a line', () => {
    const lines = real(RETURN).toString('latin1').split(/\r?\n/).filter(Boolean);
    const cut = judged(lines.slice(0, -2).join('\r\n')).refusal;
    expect(cut?.reason).toBe('truncated');
    expect(cut && 'line' in cut ? cut.line : 0).toBeGreaterThan(0);
  });

  test('a return whose payments carry no seu número names no batch', () => {
    // the seu número blanked on every payment line: segment A's 74-93, J's 183-202 (FEBRABAN's positions)
    const blanked = (l: string, from: number) =>
      `${l.slice(0, from - 1)}${' '.repeat(20)}${l.slice(from + 19)}`;
    const blank = real(RETURN)
      .toString('latin1')
      .split(/(\r?\n)/)
      .map((l) => (l[7] !== '3' ? l : l[13] === 'A' ? blanked(l, 74) : l[13] === 'J' ? blanked(l, 183) : l))
      .join('');
    expect(judged(blank).refusal?.reason).toBe('no_seu_numero');
  });
});
