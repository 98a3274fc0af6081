import { describe, expect, test } from 'vitest';
import { boletoBarcodeDigit, buildBoleto } from '../../../../src/domain/boleto/index.js';
import {
  barcodeCheck,
  camaraProblems,
  ddaBarcodeProblems,
  documentProblem,
  titleValueProblem,
  trailerSumProblem,
} from '../../../../src/formats/cnab240/checks.js';
import { refMod11Boleto } from '../../domain/boleto/independent.js';
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
    // forma 03 is DOC/TED: a TED there is what banks write since DOC ended (#51 point 1, #50 point 9)
    expect(camaraProblems('03', '018', '237', '341')).toEqual([]);
    expect(camaraProblems('03', '988', '237', '341')).toEqual([]);
    expect(camaraProblems('03', '009', '237', '341')[0]?.message).toMatch(
      /DOC\/TED lote .* expected 018 \(TED\) or 700 \(DOC\)/,
    );
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

  test("a boleto's general check digit, worked out in place, is the independent reference's on any 44 digits", () => {
    let seed = 7;
    const digit = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return String(seed % 10);
    };
    for (let i = 0; i < 500; i++) {
      const code = Array.from({ length: 44 }, digit).join('');
      expect(boletoBarcodeDigit(code)).toBe(refMod11Boleto(code.slice(0, 4) + code.slice(5)));
    }
    for (const notACode of ['', '1'.repeat(43), '1'.repeat(45), `${'1'.repeat(20)}x${'1'.repeat(23)}`])
      expect(boletoBarcodeDigit(notACode)).toBe(-1);
  });

  test('a DDA boleto against its own barcode: digit, value, due date; zeros and arrecadação are not judged', () => {
    const { barcode } = buildBoleto({
      bankCode: '341',
      dueDate: '2026-12-10',
      amountCents: 45_678,
      freeField: '1090000012300345678901230',
    });
    expect(ddaBarcodeProblems(barcode, '2026-12-10', 45_678)).toEqual([]);
    expect(ddaBarcodeProblems(null, null, null)).toEqual([]);
    expect(ddaBarcodeProblems('0'.repeat(44), '2026-12-10', 45_678)).toEqual([]);
    expect(ddaBarcodeProblems(`8${'1'.repeat(43)}`, '2026-12-10', 45_678)).toEqual([]);
    const otherDigit = `${barcode.slice(0, 4)}${(Number(barcode[4]) + 1) % 10}${barcode.slice(5)}`;
    expect(ddaBarcodeProblems(otherDigit, '2026-12-10', 45_678)).toEqual([
      { message: `barcode check digit is ${otherDigit[4]}, expected ${barcode[4]}`, kind: 'barcode-dv' },
    ]);
    expect(ddaBarcodeProblems(barcode.slice(1), '2026-12-10', 45_678)).toEqual([
      { message: 'a barcode has 44 digits, got 43', kind: 'barcode-dv' },
    ]);
    expect(ddaBarcodeProblems(barcode, '2026-12-11', 45_600).map((p) => p.message)).toEqual([
      "segment G amount 456.00, its barcode's 456.78",
      "segment G due date 11/12/2026, its barcode's 10/12/2026",
    ]);
  });

  test('lote trailer sums: all details in a remessa; in a retorno all of them or the accepted ones, as banks do; a too-wide field named', () => {
    const lote = { number: 1, wide: null, all: 300, accepted: 200 };
    expect(trailerSumProblem({ ...lote, stated: 300, accepted: 300, retorno: false })).toBeNull();
    expect(trailerSumProblem({ ...lote, stated: 200, retorno: true })).toBeNull();
    // Santander's returns sum the rejected items too (#51): the bank's practice, not a problem
    expect(trailerSumProblem({ ...lote, stated: 300, retorno: true })).toBeNull();
    expect(trailerSumProblem({ ...lote, stated: 250, retorno: true })?.message).toBe(
      'lote 1 trailer sum 2.50, the details total 3.00 (the accepted ones 2.00)',
    );
    expect(trailerSumProblem({ ...lote, stated: 200, retorno: false })?.message).toBe(
      'lote 1 trailer sum 2.00, the details total 3.00',
    );
    expect(
      trailerSumProblem({ ...lote, stated: 0, wide: 300, accepted: 300, retorno: false })?.message,
    ).toMatch(/positions 24-44 instead of 24-41/);
    expect(trailerSumProblem({ ...lote, stated: null, accepted: 300, retorno: false })?.message).toBe(
      'lote 1 trailer sum is not numeric, the details total 3.00',
    );
  });
});
