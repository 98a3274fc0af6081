// Each bank's dialect: the remittance of an Itaú account is written in SISPAG's layout (manual v086), read back
// as such, recognised in real Itaú files, and answered by the bank simulator in the same layout.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DIALECTS } from '../../../../src/formats/cnab240/dialects.js';
import {
  dialectForBank,
  readCnab240Sync,
  writePaymentRemittance,
  writePaymentReturn,
} from '../../../../src/formats/cnab240/index.js';
import { corpusDir } from '../../../corpus.js';
import { COMPANY, sampleInput, samplePayments, UTILITY } from './fixtures.js';

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

const itauInput = sampleInput(samplePayments(), null); // COMPANY banks with Itaú: its dialect by default
const text = writePaymentRemittance(itauInput);
const lines = text.split('\r\n').slice(0, -1);
const ofSegment = (s: string) => lines.filter((l) => l[7] === '3' && l[13] === s);

describe("an Itaú account's remittance: SISPAG v086", () => {
  test('the dialect follows the paying bank; FEBRABAN generic for the others', () => {
    expect(dialectForBank('341').id).toBe('itau-sispag');
    expect(dialectForBank('237').id).toBe('bradesco-multipag');
    expect(dialectForBank('033').id).toBe('santander');
    expect(dialectForBank('104').id).toBe('caixa');
    expect(dialectForBank('001').id).toBe('banco-do-brasil');
    for (const bank of ['756', '748', '077']) expect(dialectForBank(bank).id).toBe('febraban');
  });

  test('file header: layout 080 at 15-17, no convênio, DAC at 72, zeros where FEBRABAN has the NSA', () => {
    const h = lines[0]!;
    expect(at(h, 1, 17)).toBe('34100000      080');
    expect(at(h, 18, 32)).toBe('211222333000181');
    expect(at(h, 33, 52)).toBe(' '.repeat(20));
    expect(at(h, 53, 72)).toBe('01234 000000067890 0');
    expect(at(h, 143, 157)).toBe('101032025093015');
    expect(at(h, 158, 171)).toBe('0'.repeat(14));
    expect(at(h, 172, 240).trim()).toBe('');
  });

  test('lote headers: 040 for transfers, 030 for boletos and concessionárias (forma 13); an 8-digit CEP', () => {
    const headers = lines.filter((l) => l[7] === '1');
    expect(headers.map((h) => `${at(h, 12, 13)}:${at(h, 14, 16)}`)).toEqual([
      '45:040',
      '41:040',
      '03:040',
      '30:030',
      '31:030',
      '13:030',
    ]);
    expect(at(headers[0]!, 213, 222)).toBe('01310100SP');
  });

  test('segment A: movement 000, agência/conta as Nota 11 writes them, REA, the payee document at 204-217', () => {
    const [a] = ofSegment('A').filter((l) => at(l, 21, 23) === '237');
    expect(a).toBeDefined();
    expect(at(a!, 15, 17)).toBe('000');
    expect(at(a!, 24, 43)).toMatch(/^\d{5} \d{12} [0-9A-Z]$/);
    expect(at(a!, 102, 104)).toBe('REA');
    expect(at(a!, 204, 217)).toMatch(/^\d{14}$/);
    const toItau = ofSegment('A').find((l) => at(l, 21, 23) === '341');
    if (toItau) expect(at(toItau, 24, 43)).toMatch(/^0\d{4} 0{6}\d{6} [0-9A-Z]$/);
  });

  test('segment O: the 48-digit linha, REA at 104-106, amount at 122-136, seu número at 175-194', () => {
    const [o] = ofSegment('O');
    expect(at(o!, 18, 65)).toBe(UTILITY.linha);
    expect(at(o!, 104, 106)).toBe('REA');
    expect(at(o!, 122, 136)).toBe('000000000012345');
    expect(at(o!, 175, 194).trim()).toBe('UTIL0011');
  });

  test('reads back as Itaú SISPAG: the same payments, payees and amounts as the generic layout', () => {
    const itau = readCnab240Sync(text);
    const generic = readCnab240Sync(writePaymentRemittance(sampleInput()));
    expect(itau).toMatchObject({ dialect: 'itau-sispag', layout_version: '080', errors: [], warnings: [] });
    expect(generic.dialect).toBe('febraban');
    const summary = (f: typeof itau) =>
      f.items.map((i) => [i.segment, i.seu_numero, i.amount_cents, i.payee_name, i.date]);
    expect(summary(itau)).toEqual(summary(generic));
    expect(itau.total_amount_cents).toBe(generic.total_amount_cents);
  });

  test('the bank simulator answers in the same layout: nosso número at 135-149 of A, paid date and amount', () => {
    const ret = writePaymentReturn(text, () => ({ code: '00' }), { generatedAt: '2025-03-05T18:00:00' });
    const back = readCnab240Sync(ret);
    expect(back).toMatchObject({ dialect: 'itau-sispag', direction: 'retorno', errors: [] });
    expect(back.items.filter((i) => i.status === 'paid')).toHaveLength(back.items.length);
    const a = ret.split('\r\n').find((l) => l[7] === '3' && l[13] === 'A')!;
    expect(at(a, 135, 149)).toMatch(/^\d{12} {3}$/);
    expect(at(a, 150, 154)).toBe('     ');
    const o = ret.split('\r\n').find((l) => l[7] === '3' && l[13] === 'O')!;
    expect(at(o, 18, 65)).toBe(UTILITY.linha);
    expect(at(o, 216, 230)).toMatch(/^\d{12} {3}$/);
  });
});

describe("Bradesco's Multipag, Santander's and BB's: FEBRABAN's positions under their own version numbers", () => {
  const write = (bankCode: string, dialect: 'febraban' | null) =>
    writePaymentRemittance({ ...sampleInput(samplePayments(), dialect), company: { ...COMPANY, bankCode } })
      .split('\r\n')
      .slice(0, -1);

  test.each([
    ['237', 'bradesco-multipag', '089', ['45:045', '41:045', '03:045', '30:040', '31:040', '11:012']],
    ['033', 'santander', '060', ['45:031', '41:031', '03:031', '31:040', '11:012']], // no boleto of its own
    ['001', 'banco-do-brasil', '030', ['45:020', '41:020', '03:020', '31:020', '11:020']],
  ])('bank %s: %s, file layout %s', (bank, id, file, lotes) => {
    const own = write(bank, null);
    const generic = write(bank, 'febraban');
    expect(at(own[0]!, 164, 166)).toBe(file);
    const headers = own.filter((l) => l[7] === '1');
    expect(headers.map((h) => `${at(h, 12, 13)}:${at(h, 14, 16)}`)).toEqual(lotes);
    // every other position as FEBRABAN's generic layout writes it
    const blankVersions = (l: string) =>
      l[7] === '0'
        ? `${l.slice(0, 163)}###${l.slice(166)}`
        : l[7] === '1'
          ? `${l.slice(0, 13)}###${l.slice(16)}`
          : l;
    expect(own.map(blankVersions)).toEqual(generic.map(blankVersions));
    expect(readCnab240Sync(own.join('\r\n')).dialect).toBe(id);
  });
});

describe("Caixa's SIACC: its header's convênio fields and a 6-digit document number in segment A", () => {
  const caixa = { ...COMPANY, bankCode: '104', convenio: '498011' };
  const numbered = samplePayments().map((p, i) => ({ ...p, seuNumero: String(i + 1).padStart(6, '0') }));

  test('written with the convênio at 33-38, P at 41, layout 080, the number at 74-79', () => {
    const rem = writePaymentRemittance({ ...sampleInput(numbered, null), company: caixa });
    const lines = rem.split('\r\n').slice(0, -1);
    expect(at(lines[0]!, 33, 52)).toBe('49801100P    0000   ');
    expect(at(lines[0]!, 164, 171)).toBe('08001600');
    const a = lines.find((l) => l[7] === '3' && l[13] === 'A')!;
    expect(at(a, 74, 93)).toBe(`000001${' '.repeat(14)}`);
    const f = readCnab240Sync(rem);
    expect(f).toMatchObject({ dialect: 'caixa', errors: [] });
    expect(f.items.filter((i) => i.segment === 'A').map((i) => i.seu_numero)).toEqual(
      numbered.filter((p) => p.forma !== 'boleto').map((p) => p.seuNumero),
    );
  });

  test('a seu número that is not a number of 6 digits, or a convênio that is not 6 digits, is refused by name', () => {
    expect(() => writePaymentRemittance({ ...sampleInput(samplePayments(), null), company: caixa })).toThrow(
      /^payments\[0\]\.seuNumero: must be a number of at most 6 digits in Caixa SIACC's layout/,
    );
    expect(() =>
      writePaymentRemittance({ ...sampleInput(numbered, null), company: { ...caixa, convenio: '1234567' } }),
    ).toThrow(/^company\.convenio: must be at most 6 digits in Caixa SIACC's layout/);
  });
});

describe('dialects recognised in real files', () => {
  const read = (path: string) => readCnab240Sync(readFileSync(resolve(corpusDir('cnab240'), path)));

  test.each([
    ['wlrsilveira__cnab-sispag/pixcc.txt', 'itau-sispag', '080'],
    ['KeeperFormaturas__cnab240/TEST.RET', 'itau-sispag', null],
    ['rodrigogml__rfw.finance/exemplo_arquivo_de_remessa_layout_240.rem', 'febraban', null],
    ['ERP-Bem-Comum__cnab-validator/multipag-correto.txt', 'bradesco-multipag', '089'],
    ['marcodpt__cnab/santander.txt', 'santander', '060'],
    ['marcodpt__cnab/daycoval.txt', 'febraban', '089'],
    ['marcodpt__cnab/caixa.txt', 'caixa', '080'],
  ])('%s: %s', (path, dialect, version) => {
    const f = read(path);
    expect(f.dialect).toBe(dialect);
    if (version) expect(f.layout_version).toBe(version);
  });
});

describe("segment A's fields in every dialect", () => {
  // segmentA reads its dates and amounts in place (centsAt, dateAt: eight characters, at most fifteen digits), so a
  // dialect whose layout moved one to another width would be read wrong without this saying so
  test('its dates are eight characters and its amounts at most fifteen digits', () => {
    for (const [name, dialect] of Object.entries(DIALECTS)) {
      const width = (field: string) => {
        const at = dialect.segmentA.byName[field];
        return at ? at.to - at.from + 1 : undefined;
      };
      expect({ name, payment: width('payment_date'), paid: width('paid_date') }).toEqual({
        name,
        payment: 8,
        paid: 8,
      });
      for (const amount of ['amount', 'paid_amount']) expect(width(amount)).toBeLessThanOrEqual(15);
    }
  });
});
