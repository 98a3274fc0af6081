import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCnab240, readCnab240Sync, writeDdaFile } from '../../../../src/formats/cnab240/index.js';
import { corpusDir } from '../../../corpus.js';
import { SAMPLE_DDA_BOLETOS as boletos, sampleDdaInput } from './fixtures.js';

/**
 * #33 point 1: the DDA reader. A bank's DDA file lists the boletos registered against the company's CNPJ: lotes of
 * operation I, service 03, layout 022, each boleto a segment G with its H and Y. Bradesco's real sample, and files
 * written in Bradesco's and Itaú's variants (whose lote headers differ by one position) and read back.
 */

const bradescoSample = resolve(corpusDir('dda'), 's2way__cnab240-nodejs/Retorno-DDA-Bradesco.RET');

describe("Bradesco's DDA sample (s2way/cnab240-nodejs)", () => {
  const file = readCnab240Sync(new Uint8Array(readFileSync(bradescoSample)));

  test('is a DDA return of Bradesco for the company its lote header names', () => {
    expect(file).toMatchObject({
      bank_code: '237',
      service: 'dda',
      direction: 'retorno',
      company: { name: 'VERSUL TECNOLOGIA', document: '07144407000131' },
      details: 1,
      total_amount_cents: 56300,
      errors: [],
    });
    expect(file.batches).toEqual([
      expect.objectContaining({
        operation: 'I',
        service: '03',
        layout_version: '022',
        details: 1,
        records: 5,
      }),
    ]);
  });

  test('its boleto: G, H and Y03 read into one item', () => {
    expect(file.items).toHaveLength(1);
    expect(file.items[0]).toMatchObject({
      line: 3,
      segment: 'G',
      barcode: '23796729900000563002846091372657105100066960',
      payee_document: '04988631000111',
      payee_name: 'SKYTEF SOLUCOES EM CAPTURA DE',
      due_date: '2017-10-03',
      amount_cents: 56300,
      date: '2017-09-22',
      nosso_numero: '000000013726571051',
      dda: {
        movement: '02',
        document_number: '81760-01',
        issue_date: '2017-09-22',
        payment_deadline: '2017-11-30',
        interest_per_day_cents: 38,
        discounts: [],
        fine: { code: '2', date: '2017-10-01', value_cents: 200 },
        rebate_cents: null,
        guarantor: null,
        payer: { document: '07144407000131', name: 'VERSUL TECNOLOGIA DE ACESSO INTELIGENTE' },
        invoices: [],
      },
    });
  });

  test('its G is checked against its own barcode: the factor says 01/10/2017, the record 03/10/2017', () => {
    expect(file.warnings).toContainEqual({
      line: 3,
      message: "segment G due date 03/10/2017, its barcode's 01/10/2017",
    });
    // Bradesco leaves the DDA trailer's sum at zero: not a finding; the counts agree
    expect(file.warnings.map((w) => w.message).join('\n')).not.toMatch(/trailer/);
  });

  test('reads the same in chunks of any size', async () => {
    const bytes = new Uint8Array(readFileSync(bradescoSample));
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 13) yield bytes.subarray(i, i + 13);
    }
    expect(await readCnab240(pieces())).toEqual(file);
  });
});

describe.each([
  ['Itaú', '341'],
  ['Bradesco', '237'],
])('a DDA file written in %s’s variant reads back as written', (_name, bankCode) => {
  const text = writeDdaFile(sampleDdaInput(bankCode));
  const file = readCnab240Sync(text);

  test('every record 240 characters; no warning, no error', () => {
    expect(
      text
        .split('\r\n')
        .slice(0, -1)
        .every((line) => line.length === 240),
    ).toBe(true);
    expect(file.warnings).toEqual([]);
    expect(file.errors).toEqual([]);
    expect(file).toMatchObject({
      service: 'dda',
      direction: 'retorno',
      bank_code: bankCode,
      file_sequence: 31,
    });
  });

  test('the lote header names the company where the bank writes it', () => {
    // Itaú's CNPJ takes 15 digits (19-33) and moves the name to 74-103; Bradesco's is 14 (19-32)
    expect(text.split('\r\n')[1]?.slice(18, 33)).toBe(
      bankCode === '341' ? '011222333000181' : '11222333000181 ',
    );
    expect(file.company.document).toBe('11222333000181');
  });

  test('each boleto with its charges, payer and invoices', () => {
    expect(file.items.map((i) => [i.barcode, i.payee_document, i.due_date, i.amount_cents])).toEqual(
      boletos.map((b) => [b.barcode, b.beneficiary.document, b.dueDate, b.amountCents]),
    );
    expect(file.items[0]?.dda).toEqual({
      movement: '01',
      document_number: 'NF 4471',
      issue_date: '2026-11-20',
      payment_deadline: '2026-12-10',
      interest_per_day_cents: 62,
      discounts: [{ code: '1', date: '2026-12-05', value_cents: 5000 }],
      fine: { code: '2', date: '2026-12-11', value_cents: 200 },
      rebate_cents: null,
      guarantor: null,
      payer: { document: '11222333000181', name: 'CONDOMINIO RESIDENCIAL JARDIM BOTANICO' },
      invoices: [
        { number: '4471', amount_cents: 150000, date: '2026-11-20' },
        { number: '4472', amount_cents: 35000, date: '2026-11-20' },
      ],
    });
    // Itaú leaves the nosso número out of H: its barcode's free field carries it
    if (bankCode === '341') expect(file.items[0]?.nosso_numero).toBe('00004471');
    expect(file.batches[0]).toMatchObject({ trailer_count: 7, records: 7, trailer_amount_cents: 233000 });
  });
});

describe('tolerant of what real DDA files carry, strict on their structure', () => {
  const lines = writeDdaFile(sampleDdaInput('341')).split('\r\n');
  const patch = (line: string, from: number, text: string) =>
    line.slice(0, from - 1) + text + line.slice(from - 1 + text.length);
  const read = (ls: string[]) => readCnab240Sync(ls.join('\r\n'));

  test('blanks in numeric fields and placeholder dates (01010001, 00000000) read as nothing, silently', () => {
    let g = lines[2] as string;
    g = patch(g, 190, ' '.repeat(15)); // interest per day
    g = patch(g, 182, '01010001'); // issue date
    g = patch(g, 232, '00000000'); // payment deadline
    const file = read([lines[0]!, lines[1]!, g, ...lines.slice(3)]);
    expect(file.errors).toEqual([]);
    expect(file.warnings).toEqual([]);
    expect(file.items[0]?.dda).toMatchObject({
      interest_per_day_cents: null,
      issue_date: null,
      payment_deadline: null,
    });
  });

  test('a G whose barcode does not add up is named by its line: check digit, amount', () => {
    const g = lines[2] as string;
    const wrongDigit = patch(g, 22, String((Number(g[21]) + 1) % 10)); // barcode position 5, the check digit
    expect(read([lines[0]!, lines[1]!, wrongDigit, ...lines.slice(3)]).warnings).toContainEqual({
      line: 3,
      message: expect.stringMatching(/^barcode check digit is \d, expected \d$/),
    });
    const otherAmount = patch(g, 116, '000000000190000');
    expect(read([lines[0]!, lines[1]!, otherAmount, ...lines.slice(3)]).warnings).toContainEqual({
      line: 3,
      message: "segment G amount 1900.00, its barcode's 1850.00",
    });
  });

  test("a G's beneficiary reads the same however its document is written, and a wrong CNPJ is named", () => {
    const g = lines[2] as string;
    const cases: [string, string | null, string | null][] = [
      // type and 15 digits at 62-77 -> the document read, the warning
      ['2011222333000181', '11222333000181', null],
      ['2011222333000182', '11222333000182', 'beneficiary CNPJ 11222333000182 has invalid check digits'],
      ['2011111111111111', '11111111111111', 'beneficiary CNPJ 11111111111111 has invalid check digits'],
      ['2 11222333000181', '11222333000181', null],
      ['211222333000181 ', '11222333000181', null],
      ['1000052998224725', '52998224725', null],
      ['1000052998224724', '52998224724', 'beneficiary CPF 52998224724 has invalid check digits'],
      ['2000000000000000', null, null],
      ['2               ', null, null],
      ['212ABC34501DE35 ', '12ABC34501DE35', null],
      ['0011222333000181', '11222333000181', null],
    ];
    for (const [field, document, warning] of cases) {
      const file = read([lines[0]!, lines[1]!, patch(g, 62, field), ...lines.slice(3)]);
      expect([field, file.items[0]?.payee_document]).toEqual([field, document]);
      expect([field, file.warnings.map((w) => w.message)]).toEqual([field, warning ? [warning] : []]);
    }
  });

  test('a lote without its trailer, or a trailer that miscounts, is named by its line', () => {
    const trailer = lines.findIndex((l) => l[7] === '5');
    const cut = read([...lines.slice(0, trailer), ...lines.slice(trailer + 1)]);
    expect(cut.warnings.map((w) => w.message)).toContain('lote 1 (line 2) has no lote trailer');
    const miscounted = [...lines];
    miscounted[trailer] = patch(lines[trailer] as string, 18, '000009');
    expect(read(miscounted).warnings).toContainEqual({
      line: trailer + 1,
      message: 'lote 1 trailer counts 9 records, the lote has 7',
    });
  });
});

test('a DDA of more detail records than a lote holds goes on in a second lote, a boleto whole, and reads back', () => {
  const [one] = boletos; // G, H, Y-03 and Y-51: four records
  // a lote holds 99,999 details (a five-digit sequence); the writer takes a smaller limit to show it here
  const text = writeDdaFile({ ...sampleDdaInput('341'), boletos: [one!, one!, one!], maxLoteDetails: 9 });
  const file = readCnab240Sync(text);
  expect(file.errors).toEqual([]);
  expect(file.warnings).toEqual([]);
  expect(file.batches.map((b) => [b.number, b.details, b.records])).toEqual([
    [1, 2, 10],
    [2, 1, 6],
  ]);
  expect(file.items.map((i) => i.dda?.invoices.length)).toEqual([2, 2, 2]);
});
