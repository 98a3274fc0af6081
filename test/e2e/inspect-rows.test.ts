import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeDdaFile } from '../../src/formats/cnab240/dda-writer.js';
import { writePaymentRemittance } from '../../src/formats/cnab240/writer.js';
import {
  SAMPLE_DDA_BOLETOS,
  sampleDdaInput,
  sampleInput,
  samplePayments,
  samplePaymentsToday,
} from '../unit/formats/cnab240/fixtures.js';
import { CONDO_BIN, type Condo, condoIn, runProcess } from './harness.js';

/**
 * #32 point 1: `cnab inspect` for a script reads the file once. Each payment's row is set aside as it is read and
 * follows the summary, which is known only at the end; the rows are the payments the JSON lists, and nothing is
 * left behind in the temporary directory.
 */

let condo: Condo;
let rem: string;
let dir: string;
const payments = samplePayments();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-inspect-'));
  condo = condoIn(join(dir, 'config'));
  rem = join(dir, 'lote.rem');
  await writeFile(rem, writePaymentRemittance(sampleInput(payments)));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The built binary inspecting `file` as a shell runs it, to be piped or redirected. */
const inspectCommand = (file: string) => `"${process.execPath}" "${CONDO_BIN}" -o tsv cnab inspect "${file}"`;

const leftovers = async () =>
  (await readdir(tmpdir())).filter((f) => f.startsWith(`condo-rows-${process.pid}-`));

test('tsv is one table (#53): stdout holds one row per payment, as the JSON lists them; the summary goes to stderr', async () => {
  const run = await condo.run(['-o', 'tsv', 'cnab', 'inspect', rem]);
  expect(run.exitCode).toBe(0);
  const tsv = run.stdout.split('\n').filter(Boolean);
  const json = await condo.json(['cnab', 'inspect', rem]);
  // every line a row: `cut -f1` sees line numbers and nothing else
  expect(tsv.every((l) => /^\d+\t[A-Z]\t/.test(l))).toBe(true);
  expect(tsv.map((l) => Number(l.split('\t')[0]))).toEqual(json.items.map((i: { line: number }) => i.line));
  expect(tsv).toHaveLength(payments.length);
  expect(run.stderr.split('\n')[0]).toBe(rem);
  expect(run.stderr).toContain(`${json.details} payments, total`);
  expect(await leftovers()).toEqual([]);
});

test('to a stdout of its own the rows go out as they are read (#73), the same rows; with 2>&1 the summary comes first', async () => {
  // the binary's stdout and stderr are two pipes: nothing is set aside
  const apart = await condo.run(['-o', 'tsv', 'cnab', 'inspect', rem], { spawn: true });
  // in-process, stdout and stderr are not known to be apart: the rows set aside follow the summary, as on a terminal
  const aside = await condo.run(['-o', 'tsv', 'cnab', 'inspect', rem]);
  expect(apart.exitCode).toBe(0);
  expect(apart.stdout).toBe(aside.stdout);
  expect(apart.stderr).toBe(aside.stderr);
  const together = await runProcess('sh', ['-c', `${inspectCommand(rem)} 2>&1`], { env: condo.env });
  expect(together.stdout).toBe(`${aside.stderr}${aside.stdout}`);
  expect(together.stdout.split('\n')[0]).toBe(rem);
});

test('`| head` ends the read of a big file at the first rows, exit 0 and no summary after them (#73)', async () => {
  const ted = payments.find((p) => p.forma === 'ted');
  if (!ted) throw new Error('the sample payments lack a TED');
  const big = join(dir, 'big.rem');
  // ~10 MB, ~2.5 MB of rows: many 64 KB writes, so the pipe is full long before the file's end
  await writeFile(
    big,
    writePaymentRemittance(
      sampleInput(Array.from({ length: 20_000 }, (_, i) => ({ ...ted, seuNumero: `BIG${i}` }))),
    ),
  );
  const run = await runProcess(
    'bash',
    ['--norc', '-c', `${inspectCommand(big)} | head -n 2; echo "exit \${PIPESTATUS[0]}"`],
    { env: condo.env },
  );
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines.slice(0, 2).map((l) => l.split('\t')[7])).toEqual(['BIG0', 'BIG1']);
  expect(lines[2]).toBe('exit 0');
  // the summary is written at the file's end: the reader left long before it
  expect(run.stderr).toBe('');
});

test('csv: its header row first, then the rows, nothing else on stdout', async () => {
  const csv = (await condo.ok(['-o', 'csv', 'cnab', 'inspect', rem])).split('\n').filter(Boolean);
  expect(csv[0]).toBe('LINE,SEG,PAYEE,CPF/CNPJ,DESTINATION,AMOUNT,DATE,SEU NÚMERO,OCCURRENCES');
  expect(csv.slice(1)).toHaveLength(payments.length);
  expect(await leftovers()).toEqual([]);
});

test('a DDA file is named as one and lists its boletos: beneficiary, CPF/CNPJ, due date, amount, document, barcode', async () => {
  // #33 point 1: the bank's list of the boletos drawn on the condominium
  const dda = join(dir, 'DDA.ret');
  await writeFile(dda, writeDdaFile(sampleDdaInput('341')));
  const table = await condo.ok(['-o', 'table', 'cnab', 'inspect', dda]);
  expect(table).toContain('· DDA retorno ·');
  expect(table).toContain(`${SAMPLE_DDA_BOLETOS.length} boletos, total R$ 2.330,00`);
  expect(table).toMatch(/BENEFICIARY +│ CPF\/CNPJ +│ DUE +│ +AMOUNT │ DOCUMENT +│ BARCODE/);
  const rows = (await condo.ok(['-o', 'tsv', 'cnab', 'inspect', dda]))
    .split('\n')
    .filter((l) => /^\d+\t/.test(l));
  expect(rows.slice(-2).map((l) => l.split('\t').slice(1))).toEqual(
    SAMPLE_DDA_BOLETOS.map((b) => [
      b.beneficiary.name,
      b.beneficiary.document,
      b.dueDate,
      (b.amountCents / 100).toFixed(2),
      b.documentNumber ?? '',
      b.barcode,
    ]),
  );
  const pt = await condo.run(['--lang', 'pt-BR', '-o', 'table', 'cnab', 'inspect', dda]);
  expect(pt.stdout).toMatch(
    /BENEFICIÁRIO +│ CPF\/CNPJ +│ VENCIMENTO +│ +VALOR │ DOCUMENTO +│ CÓDIGO DE BARRAS/,
  );
  expect(pt.exitCode).toBe(0);
});

test('JSON: the items are written as they are read, and the document is the one JSON.parse reads whole', async () => {
  // #32 point 1: every output form in flat memory; the JSON's items go aside as read, like the rows of a tsv
  const many = join(dir, 'many.rem');
  const ted = payments.find((p) => p.forma === 'ted');
  if (!ted) throw new Error('the sample payments lack a TED');
  await writeFile(
    many,
    writePaymentRemittance(
      sampleInput(Array.from({ length: 600 }, (_, i) => ({ ...ted, seuNumero: `MANY${i}` }))),
    ),
  );
  const json = await condo.json(['cnab', 'inspect', many]);
  expect(Object.keys(json)).toEqual([
    'bank_code',
    'bank_name',
    'direction',
    'service',
    'dialect',
    'dialect_name',
    'layout_version',
    'company',
    'file_sequence',
    'generated_at',
    'lines',
    'truncated',
    'batches',
    'details',
    'total_amount_cents',
    'items',
    'warnings',
    'errors',
  ]);
  expect(json.items).toHaveLength(600);
  expect(json.items.map((i: { seu_numero: string }) => i.seu_numero).slice(0, 2)).toEqual(['MANY0', 'MANY1']);
  expect((await condo.json(['--json', 'lines,items', 'cnab', 'inspect', many])).items).toHaveLength(600);
  expect(await condo.json(['--json', 'lines', 'cnab', 'inspect', many])).toEqual({ lines: json.lines });
  expect(await leftovers()).toEqual([]);

  // a table is for a person's eyes: the first 500, and where the rest are
  const table = await condo.run(['-o', 'table', 'cnab', 'inspect', many]);
  expect(table.exitCode).toBe(0);
  expect(table.stdout).toContain('600 payments, total');
  expect(table.stdout.match(/│ MANY\d+ /g)).toHaveLength(500);
  expect(table.stderr).toContain('Showing 500 of 600: -o tsv, -o csv or --json for every one');
});

test('several files, or a pattern: each read and reported in turn, its JSON naming its file; the worst exit', async () => {
  const dda = join(dir, 'DDA-2.ret');
  await writeFile(dda, writeDdaFile(sampleDdaInput('341')));
  const cut = join(dir, 'cortado.rem');
  const text = writePaymentRemittance(sampleInput(payments));
  await writeFile(cut, text.slice(0, text.lastIndexOf('\r\n', text.length - 3))); // no file trailer
  const json = await condo.run(['--json', 'cnab', 'inspect', rem, dda, cut]);
  expect(json.exitCode).toBe(1); // the file cut short
  const docs = json.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(docs.map((d: { file: string; service: string }) => [d.file, d.service])).toEqual([
    [rem, 'payment'],
    [dda, 'dda'],
    [cut, 'payment'],
  ]);
  expect(docs[1].items).toHaveLength(SAMPLE_DDA_BOLETOS.length);
  await writeFile(join(dir, 'DDA-3.ret'), writeDdaFile(sampleDdaInput('341')));
  const pattern = await condo.run(['-o', 'table', 'cnab', 'inspect', join(dir, 'DDA-*.ret')]);
  expect(pattern.exitCode).toBe(0);
  // each file's report under its name, in the pattern's order
  const headings = pattern.stdout.split('\n').filter((l) => l.startsWith(dir));
  expect(headings).toEqual([join(dir, 'DDA-2.ret'), join(dir, 'DDA-3.ret')]);
  expect(await leftovers()).toEqual([]);
});

test("a payment return's summary says how many were paid and refused, and an Itaú header's NSA of zeros in words (#66)", async () => {
  const itau = join(dir, 'itau.rem');
  await writeFile(itau, writePaymentRemittance(sampleInput(samplePaymentsToday(), 'itau-sispag')));
  const ret = join(dir, 'itau.ret');
  const seu = samplePaymentsToday()[0]?.seuNumero as string;
  await condo.ok(['sandbox', 'bank-return', itau, '-O', ret, '--reject', `${seu}:AN`, '--as-of', '+10d']);
  const json = await condo.json(['cnab', 'inspect', ret]);
  const refused = json.items.filter((i: { status: string }) => i.status === 'rejected').length;
  const paid = json.items.filter((i: { status: string }) => i.status === 'paid').length;
  expect([paid, refused]).toEqual([samplePaymentsToday().length - 1, 1]);
  const pt = await condo.run(['--lang', 'pt-BR', '-o', 'table', 'cnab', 'inspect', ret]);
  expect(pt.stdout).toContain(`${paid} pagos, 1 recusado`);
  expect(pt.stdout).toContain('sequência do arquivo (NSA) em branco (o SISPAG do Itaú não tem NSA)');
  const en = await condo.run(['-o', 'table', 'cnab', 'inspect', ret]);
  expect(en.stdout).toContain(`${paid} paid, 1 refused`);
  // a remittance has no such tally
  expect((await condo.run(['-o', 'table', 'cnab', 'inspect', itau])).stdout).not.toMatch(/\d+ paid/);
});
