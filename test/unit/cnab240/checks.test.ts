import { describe, expect, test } from 'vitest';
import {
  barcodeCheck,
  camaraProblems,
  documentProblem,
  titleValueProblem,
  trailerSumProblem,
} from '../../../src/formats/cnab240/checks.js';
import { OTHER_BOLETO } from './fixtures.js';

/** The reader's checks, each a pure function of what the record says. */
describe('CNAB 240 checks', () => {
  test('documents: wrong check digits are named; blank or zero ones are not judged', () => {
    expect(documentProblem('2', '11222333000181', 'company')).toBeNull();
    expect(documentProblem('2', '11222333000182', 'company')).toEqual({
      message: 'company CNPJ 11222333000182 has invalid check digits',
      kind: 'cnpj-company',
    });
    expect(documentProblem('1', '00012345678900', 'payee')?.kind).toBe('cpf-payee');
    expect(documentProblem('2', '00000000000000', 'company')).toBeNull();
  });

  test("câmara and payee bank against the lote's forma", () => {
    expect(camaraProblems('41', '018', '237', '341')).toEqual([]);
    expect(camaraProblems('41', '700', '237', '341')[0]?.message).toBe(
      'câmara 700 in a TED lote (forma 41), expected 018 or 988',
    );
    expect(camaraProblems('03', '018', '237', '341')[0]?.message).toMatch(/DOC lote .* expected 700/);
    expect(camaraProblems('01', '018', '237', '341').map((p) => p.kind)).toEqual(['camara', 'forma-bank']);
    expect(camaraProblems(null, '999', '237', '341')).toEqual([]);
  });

  test('a segment J whose payment does not add up', () => {
    expect(titleValueProblem(45_678, 0, 0, 45_678)).toBeNull();
    expect(titleValueProblem(45_678, 678, 0, 45_000)).toBeNull();
    expect(titleValueProblem(45_678, 0, 0, 40_000)?.message).toBe(
      'segment J pays 400,00 for a title of 456,78 (discount 0,00, mora 0,00): the values do not add up',
    );
  });

  test('a barcode with a wrong check digit', () => {
    expect(barcodeCheck(OTHER_BOLETO)).toBeNull();
    const broken = `${OTHER_BOLETO.slice(0, 4)}${(Number(OTHER_BOLETO[4]) + 1) % 10}${OTHER_BOLETO.slice(5)}`;
    expect(barcodeCheck(broken)?.kind).toBe('barcode-dv');
    expect(barcodeCheck(null)).toBeNull();
  });

  test('lote trailer sums: all details in a remessa, the accepted ones in a retorno, a too-wide field named', () => {
    const lote = { number: 1, wide: null, all: 300, accepted: 200 };
    expect(trailerSumProblem({ ...lote, stated: 300, accepted: 300, retorno: false })).toBeNull();
    expect(trailerSumProblem({ ...lote, stated: 200, retorno: true })).toBeNull();
    expect(trailerSumProblem({ ...lote, stated: 300, retorno: true })?.message).toBe(
      'lote 1 trailer sum 3.00 includes rejected items (accepted items total 2.00)',
    );
    expect(
      trailerSumProblem({ ...lote, stated: 0, wide: 300, accepted: 300, retorno: false })?.message,
    ).toMatch(/positions 24-44 instead of 24-41/);
    expect(trailerSumProblem({ ...lote, stated: null, accepted: 300, retorno: false })?.message).toBe(
      'lote 1 trailer sum is not numeric, the details total 3.00',
    );
  });
});
