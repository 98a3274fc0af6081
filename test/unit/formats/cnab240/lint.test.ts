import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeDdaFile } from '../../../../src/formats/cnab240/dda-writer.js';
import type { DialectId } from '../../../../src/formats/cnab240/dialects.js';
import { toCnabDate } from '../../../../src/formats/cnab240/fields.js';
import { lintCnab } from '../../../../src/formats/cnab240/lint.js';
import { writePaymentRemittance } from '../../../../src/formats/cnab240/writer.js';
import { companyAt, sampleDdaInput, sampleInput, samplePayments, samplePaymentsToday } from './fixtures.js';

const CORPUS = join(import.meta.dirname, '../../../fixtures/corpus/cnab240');

/** #34 point 1: every file condo writes passes its own bank's pack; each rule fires on what it names. */

/** Each dialect and a bank that writes in it (a bank without a manual of its own gets FEBRABAN's). */
const DIALECTS: [DialectId, string][] = [
  ['febraban', '756'],
  ['itau-sispag', '341'],
  ['bradesco-multipag', '237'],
  ['santander', '033'],
  ['caixa', '104'],
  ['banco-do-brasil', '001'],
];

function remittance(dialect: DialectId, bankCode: string, payments = samplePaymentsToday()): string {
  // Caixa's layout takes the company's reference as a number of 6 digits
  const refs = dialect === 'caixa' ? payments.map((p, i) => ({ ...p, seuNumero: String(i + 1) })) : payments;
  const input = sampleInput(refs, dialect);
  return writePaymentRemittance({ ...input, company: companyAt(bankCode) });
}

test.each(DIALECTS)(
  'a remittance condo writes in the %s dialect passes its bank’s rules (%s)',
  async (dialect, bank) => {
    const report = await lintCnab(remittance(dialect, bank));
    expect(report.findings).toEqual([]);
    expect(report.errors).toBe(0);
  },
);

test('a DOC paid after DOC ended (29/02/2024) is an error at its câmara in a remittance; before it, or in a return, none', async () => {
  const { writePaymentReturn } = await import('../../../../src/formats/cnab240/return.js');
  const doc = samplePayments().filter((p) => p.forma === 'doc');
  const input = sampleInput(doc, 'febraban');
  const of = (paymentDate: string) =>
    writePaymentRemittance({
      ...input,
      company: { ...input.company, bankCode: '756' },
      paymentDate,
      generatedAt: `${paymentDate}T09:00:00`,
    });
  const after = await lintCnab(of('2025-03-05'));
  expect(after.findings).toEqual([
    expect.objectContaining({
      rule: 'doc-ended',
      severity: 'error',
      line: 3,
      column: 18,
      message:
        'DOC (câmara 700) paid on 2025-03-05: DOC ended on 2024-02-29; pay it by TED (câmara 018) or PIX',
    }),
  ]);
  expect((await lintCnab(of('2024-02-28'))).findings).toEqual([]);
  // the bank's answer to a DOC of its day is read as it came
  const returned = writePaymentReturn(of('2025-03-05'), () => ({ code: 'AK' }));
  expect((await lintCnab(returned)).findings.filter((f) => f.rule === 'doc-ended')).toEqual([]);
});

/**
 * An oracle we did not write: ERP-Bem-Comum's Bradesco Multipag validator names its test files by the defect each
 * carries (MIT, test/fixtures/corpus/cnab240/MANIFEST.tsv). Each correct one passes with no error; each defective
 * one fails by the rule that names its defect, and by no other.
 */
const MULTIPAG: [string, string[]][] = [
  ['multipag-correto.txt', []],
  ['multipag-cpf-correto.txt', []],
  ['multipag-tributo-correto.txt', []],
  ['multipag-cenario-misto.txt', []],
  ['multipag-camara-invalida.txt', ['camara']],
  ['multipag-forma-lancamento-invalida.txt', ['camara']],
  ['multipag-cpf-dv2-invalido.txt', ['document']],
  ['multipag-trailer-lote-divergente.txt', ['lote-count']],
  ['multipag-trailer-arquivo-divergente.txt', ['file-count']],
  ['multipag-tributo-dv-invalido.txt', ['barcode']],
];

test.each(MULTIPAG)('Bradesco’s validator’s %s: errors by %j only', async (name, rules) => {
  const path = join(CORPUS, 'ERP-Bem-Comum__cnab-validator', name);
  const report = await lintCnab(await readFile(path));
  const errors = [...new Set(report.findings.filter((f) => f.severity === 'error').map((f) => f.rule))];
  expect(errors).toEqual(rules);
  expect(report.pack).toBe('Bradesco Multipag');
});

test('every remittance of the corpus is linted: each finding names a rule, a severity, a line in the file and a source', async () => {
  const manifest = (await readFile(join(CORPUS, 'MANIFEST.tsv'), 'utf8'))
    .split('\n')
    .slice(1)
    .filter(Boolean);
  let linted = 0;
  for (const row of manifest) {
    const [path = '', , , , , , , , kind = ''] = row.split('\t');
    if (!/remessa/.test(kind)) continue;
    const bytes = await readFile(join(CORPUS, path));
    const report = await lintCnab(bytes);
    const lines = bytes.toString('latin1').split(/\r\n|\n|\r/).length;
    for (const f of report.findings) {
      expect(f.line, `${path}: ${f.message}`).toBeGreaterThanOrEqual(1);
      expect(f.line, `${path}: ${f.message}`).toBeLessThanOrEqual(lines);
      expect(['error', 'warning']).toContain(f.severity);
      expect(f.reference.length).toBeGreaterThan(10);
      expect(f.rule).not.toBe('reader');
    }
    linted++;
  }
  expect(linted).toBeGreaterThan(40);
});

/** The record of `text` at `line` (1-based) with `value` written from position `from`. */
function patched(text: string, line: number, from: number, value: string): string {
  const lines = text.split('\r\n');
  const rec = lines[line - 1] as string;
  lines[line - 1] = `${rec.slice(0, from - 1)}${value}${rec.slice(from - 1 + value.length)}`;
  return lines.join('\r\n');
}

test('another layout version: an error for a bank with a manual of its own, a warning for FEBRABAN’s generic one', async () => {
  const bb = await lintCnab(patched(remittance('banco-do-brasil', '001'), 1, 164, '103'));
  expect(bb.findings.map((f) => [f.rule, f.severity, f.column])).toEqual([['layout-version', 'error', 164]]);
  const generic = await lintCnab(patched(remittance('febraban', '756'), 1, 164, '020'));
  expect(generic.findings.map((f) => [f.rule, f.severity])).toEqual([['layout-version', 'warning']]);
  expect(generic.errors).toBe(0);
});

test('Itaú’s boleto lotes in 030 or in 040 (its v085), and nothing else', async () => {
  const itau = remittance('itau-sispag', '341');
  const lines = itau.split('\r\n');
  const jLote = lines.findIndex((l, i) => l[7] === '1' && lines[i + 1]?.[13] === 'J') + 1;
  expect(jLote).toBeGreaterThan(0);
  expect((await lintCnab(patched(itau, jLote, 14, '040'))).findings).toEqual([]);
  const other = await lintCnab(patched(itau, jLote, 14, '050'));
  expect(other.findings.map((f) => [f.rule, f.line])).toEqual([['layout-version', jLote]]);
});

test('the report names the paying account as the header writes it, in each dialect’s positions (Itaú’s DAC at 72)', async () => {
  const itau = await lintCnab(remittance('itau-sispag', '341'));
  expect(itau.company_account).toEqual({
    agency: '01234',
    account: '000000067890',
    digit: '0',
    digit_column: 72,
  });
  const febraban = await lintCnab(remittance('febraban', '756'));
  expect(febraban.company_account).toMatchObject({ account: '000000067890', digit: '0', digit_column: 71 });
  expect(febraban.company_account?.agency).toMatch(/^0*1234$/);
});

test('a DDA boleto whose due date was put off after its slip was printed is a warning, not an error: the bank sent it', async () => {
  const lines = writeDdaFile(sampleDdaInput('341')).split('\r\n');
  const g = lines.findIndex((l) => l[13] === 'G');
  const record = lines[g] as string;
  // segment G's due date (108-115) five days on; the barcode keeps the printed one
  lines[g] = `${record.slice(0, 107)}${toCnabDate('2027-01-15')}${record.slice(115)}`;
  const report = await lintCnab(lines.join('\r\n'));
  expect(report.errors).toBe(0);
  expect(report.findings).toEqual([
    expect.objectContaining({ line: g + 1, rule: 'dda-title', severity: 'warning' }),
  ]);
});

test("a collection or DDA file is read by FEBRABAN's rules, not named after the bank's payment pack it is not held to", async () => {
  const dda = await lintCnab(writeDdaFile(sampleDdaInput('341')));
  expect(dda.pack).toBe('FEBRABAN 240');
  const collection = await lintCnab(
    await readFile(join(CORPUS, 'marcodpt__cnab/tests__retorno_cobranca__bb.txt')),
  );
  expect(collection.pack).toBe('FEBRABAN 240');
  // a payment file is its bank's, remittance or return
  const payments = await lintCnab(await readFile(join(CORPUS, 'KeeperFormaturas__cnab240/TEST.RET')));
  expect([payments.direction, payments.pack]).toEqual(['retorno', 'Itaú SISPAG']);
});

test('a file a bank wrote is never in error for what a bank refuses from a sender: a return’s findings are warnings, unless it cannot be read (#51)', async () => {
  const { writePaymentReturn } = await import('../../../../src/formats/cnab240/return.js');
  const sent = remittance('febraban', '756');
  const ret = writePaymentReturn(sent, () => ({ code: '00' }));
  const lines = ret.split('\r\n');
  // a TED's segment A (câmara 018)
  const a = lines.findIndex((l) => l[13] === 'A' && l.slice(17, 20) === '018') + 1;
  const trailer = lines.findIndex((l) => l[7] === '5') + 1;
  // a câmara a remittance may not carry, and a lote sum that is neither all items nor the accepted ones
  let odd = patched(ret, a, 18, '999');
  odd = patched(odd, trailer, 24, '000000000000000001');
  const report = await lintCnab(odd);
  expect(report.direction).toBe('retorno');
  expect(report.findings.map((f) => [f.rule, f.severity])).toEqual(
    expect.arrayContaining([
      ['camara', 'warning'],
      ['lote-sum', 'warning'],
    ]),
  );
  expect(report.errors).toBe(0);
  // the same câmara in the remittance is an error
  expect((await lintCnab(patched(sent, a, 18, '999'))).errors).toBe(1);
  // a return cut short cannot be read: that stays an error
  const cut = odd.split('\r\n');
  cut[a - 1] = cut[a - 1]!.slice(0, 200);
  const broken = await lintCnab(cut.join('\r\n'));
  expect(broken.findings.filter((f) => f.severity === 'error').map((f) => f.rule)).toEqual(['record-length']);
});

test('a layout version is judged by the manual in force at the header’s date: a superseded one is a warning naming the current, an unlisted one an error (#51)', async () => {
  const santander = remittance('santander', '033');
  const lines = santander.split('\r\n');
  const loteOf = (segment: string) =>
    lines.findIndex((l, i) => l[7] === '1' && lines[i + 1]?.[13] === segment) + 1;
  const j = loteOf('J');
  const o = loteOf('O');
  expect(j * o).toBeGreaterThan(0);
  // Santander's numbers of 2009 (J 030, O 010), in a file of 2013: what the bank took then
  const old = patched(patched(santander, j, 14, '030'), o, 14, '010');
  const in2013 = await lintCnab(patched(old, 1, 144, '15032013'));
  expect(in2013.findings.filter((f) => f.rule === 'layout-version')).toEqual([]);
  // the same numbers today: warnings that name the number in force
  const today = await lintCnab(old);
  const versions = today.findings.filter((f) => f.rule === 'layout-version');
  expect(versions.map((f) => [f.severity, f.line, f.column])).toEqual([
    ['warning', j, 14],
    ['warning', o, 14],
  ]);
  expect(versions[0]!.message).toMatch(
    /\(segment J\) layout version 030 is Santander YLEC2403 v06.1 \(August 2009\)'s; .* asks for 040/,
  );
  // a number no manual lists is refused
  const none = await lintCnab(patched(santander, j, 14, '050'));
  expect(none.findings.filter((f) => f.rule === 'layout-version').map((f) => f.severity)).toEqual(['error']);
  // FEBRABAN's own: V08.4's 030 for boletos in 2010 is right, in V08.6's time a warning
  const generic = remittance('febraban', '756');
  const gl = generic.split('\r\n');
  const gj = gl.findIndex((l, i) => l[7] === '1' && gl[i + 1]?.[13] === 'J') + 1;
  const v084 = patched(patched(generic, gj, 14, '030'), 1, 164, '084');
  // (its other lotes keep today's numbers, which V08.4 did not have: only these two lines are looked at)
  const patchedLines = (f: { rule: string; line: number }) =>
    f.rule === 'layout-version' && (f.line === 1 || f.line === gj);
  expect((await lintCnab(patched(v084, 1, 144, '10052010'))).findings.filter(patchedLines)).toEqual([]);
  const later = await lintCnab(patched(v084, 1, 144, '10052013'));
  expect(later.findings.filter(patchedLines).map((f) => f.message)).toEqual([
    "file layout version 084 is FEBRABAN 240 V08.4's; FEBRABAN 240 V08.6, in force on 2013-05-10, asks for 085 or 086",
    "lote 3 (segment J) layout version 030 is FEBRABAN 240 V08.4's; FEBRABAN 240 V08.6, in force on 2013-05-10, asks for 040",
  ]);
});

test('the paying account’s check digits by its bank’s algorithm, and the convênio the bank requires: errors at their columns (#51 point 5)', async () => {
  const write = (bank: string, company: object) =>
    writePaymentRemittance({
      ...sampleInput(
        samplePaymentsToday().map((p, i) => ({ ...p, seuNumero: String(i + 1) })),
        null,
      ),
      company: { ...companyAt(bank), ...company },
    });
  const findings = async (text: string) =>
    (await lintCnab(text)).findings
      .filter((f) => f.rule === 'account-digit' || f.rule === 'convenio')
      .map((f) => [f.rule, f.severity, f.line, f.column, f.message]);
  expect(await findings(write('237', { accountDigit: '7' }))).toEqual([
    [
      'account-digit',
      'error',
      1,
      71,
      "the conta 67890's digit is 7; by the bank's algorithm (agência 1234) it is 2",
    ],
  ]);
  // Itaú's DAC is at 72
  expect((await findings(write('341', { accountDigit: '5' })))[0]?.slice(0, 4)).toEqual([
    'account-digit',
    'error',
    1,
    72,
  ]);
  expect(await findings(write('001', { agencyDigit: '9' }))).toEqual([
    ['account-digit', 'error', 1, 58, "the agência 1234's digit is 9; by the bank's algorithm it is 3"],
  ]);
  const { convenio: _bb, ...bbWithout } = companyAt('001');
  expect(await findings(write('001', { ...bbWithout, convenio: undefined }))).toEqual([
    [
      'convenio',
      'error',
      1,
      33,
      'Banco do Brasil requires its convênio (9 digits at 33-41); the file header leaves it blank',
    ],
  ]);
  // Banco do Brasil's convênio as its manual lays it: 9 digits, then 0126
  expect(write('001', {}).split('\r\n')[0]!.slice(32, 45)).toBe('1234567890126');
  expect((await findings(write('104', { convenio: undefined })))[0]?.slice(0, 4)).toEqual([
    'convenio',
    'error',
    1,
    33,
  ]);
  // a bank whose algorithm condo does not know is not judged
  expect(await findings(write('756', { accountDigit: '7' }))).toEqual([]);
});

test('a bank’s return read whole is never in error: stripped trailing blanks and its own lote numbering are warnings; a return without its trailers is not whole (#51)', async () => {
  // brcobranca's Santander collection return: every line right-trimmed, every record numbered lote 9692
  const santander = await lintCnab(
    await readFile(join(CORPUS, 'kivanio__brcobranca', 'CNAB240SANTANDER.RET')),
  );
  expect(santander.direction).toBe('retorno');
  expect(santander.errors).toBe(0);
  expect(santander.findings.map((f) => f.rule)).toEqual(
    expect.arrayContaining(['record-length', 'structure', 'lote-count']),
  );
  // OCA's Ailos return stops after its details: no lote trailer, no file trailer
  const cut = await lintCnab(await readFile(join(CORPUS, 'OCA__l10n-brazil', 'CNAB240AILOS_tarifa.RET')));
  expect(cut.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([
    'lote 0 (line 2) has no lote trailer',
    'no file trailer (record type 9): the file may be truncated',
  ]);
});
