import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeDdaFile } from '../../../src/formats/cnab240/dda-writer.js';
import type { DialectId } from '../../../src/formats/cnab240/dialects.js';
import { toCnabDate } from '../../../src/formats/cnab240/fields.js';
import { lintCnab } from '../../../src/formats/cnab240/lint.js';
import { writePaymentRemittance } from '../../../src/formats/cnab240/writer.js';
import { sampleDdaInput, sampleInput, samplePayments, samplePaymentsToday } from './fixtures.js';

const CORPUS = join(import.meta.dirname, '..', '..', 'fixtures', 'corpus', 'cnab240');

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
  return writePaymentRemittance({ ...input, company: { ...input.company, bankCode } });
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
  const { writePaymentReturn } = await import('../../../src/formats/cnab240/return.js');
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
    digit: '1',
    digit_column: 72,
  });
  const febraban = await lintCnab(remittance('febraban', '756'));
  expect(febraban.company_account).toMatchObject({ account: '000000067890', digit: '1', digit_column: 71 });
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
