import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DB_FILE, openPlain } from '../../src/sandbox/db/sqlite.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * #34 point 1, as the accountant meets it: a remittance linted before it is sent; a file that breaks its bank's
 * rules named line by line; and `batches download` that will not deliver such a file unless told to.
 */

let s: Session;
let rem: string;
let batchId: string;
beforeAll(async () => {
  s = await sandboxSession();
  const chart = await leafExpenseAccount(s.condo);
  const ids: string[] = [];
  for (const [supplier, method, amount] of [
    ['brilho', 'ted', '310,00'],
    ['vigilare', 'pix', '1.200,00'],
  ] as const) {
    const p = await s.condo.json(
      `payables create --supplier ${supplier} --chart-account ${chart} --method ${method} --amount ${amount} --due +5d --description Lint`,
    );
    ids.push(p.public_id);
  }
  await s.condo.ok(['payables', 'mark', ...ids]);
  batchId = (await s.condo.json('batches create --date next-business-day --yes')).public_id;
  rem = join(s.condo.configDir, 'lote.rem');
  await s.condo.ok(['batches', 'download', batchId, '-O', rem]);
});
afterAll(() => s.close());

test('a file condo wrote passes its bank’s rules: exit 0, and the pack named', async () => {
  const r = await s.condo.run(['-o', 'table', 'cnab', 'lint', rem]);
  expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/lote\.rem: 0 errors, 0 warnings \(.+ rules, bank \d{3}\)/);
  const json = await s.condo.json(['cnab', 'lint', rem]);
  expect(json).toMatchObject({ errors: 0, warnings: 0, findings: [], direction: 'remessa' });
});

/** The file with one record changed: `edit` gets the lines and changes them in place. */
async function edited(name: string, edit: (lines: string[]) => void, eol = '\r\n'): Promise<string> {
  const lines = (await readFile(rem, 'latin1')).split('\r\n');
  edit(lines);
  const path = join(s.condo.configDir, name);
  await writeFile(path, lines.join(eol), 'latin1');
  return path;
}

const at = (line: string, from: number, text: string) =>
  `${line.slice(0, from - 1)}${text}${line.slice(from - 1 + text.length)}`;

test('what a bank refuses is an error with its rule, line and column; what it may refuse a warning', async () => {
  const broken = await edited(
    'broken.rem',
    (lines) => {
      const a = lines.findIndex((l) => l[7] === '3' && l[13] === 'A');
      const b = lines.findIndex((l) => l[7] === '3' && l[13] === 'B' && l.slice(127, 135).trim() !== '');
      const trailer = lines.findIndex((l) => l[7] === '5');
      lines[a] = at(lines[a] as string, 44, 'Ç'); // a payee name with an accent
      lines[b] = at(lines[b] as string, 128, 'not a key'.padEnd(99, ' ')); // a PIX key in none of DICT's forms
      lines[trailer] = at(lines[trailer] as string, 18, '000099'); // the lote's record count
    },
    '\n',
  );
  const r = await s.condo.run(['--json', 'cnab', 'lint', broken]);
  expect(r.exitCode).toBe(1);
  const report = JSON.parse(r.stdout);
  const rules = report.findings.map((f: { rule: string; severity: string }) => `${f.rule} ${f.severity}`);
  expect(rules).toEqual(
    expect.arrayContaining(['charset error', 'pix-key error', 'lote-count error', 'line-ending warning']),
  );
  const charset = report.findings.find((f: { rule: string }) => f.rule === 'charset');
  expect(charset).toMatchObject({ column: 44 });
  expect(charset.reference).toContain('FEBRABAN');
  // a table for a person, csv for a spreadsheet
  const table = await s.condo.run(['-o', 'table', 'cnab', 'lint', broken]);
  expect(table.stdout).toMatch(/broken\.rem: \d+ errors, 1 warning /);
  expect(table.stdout).toMatch(/pix-key/);
  const csv = await s.condo.run(['-o', 'csv', 'cnab', 'lint', broken]);
  expect(csv.stdout.split('\n')[0]).toBe('LINE,COL,SEVERITY,RULE,FINDING,REFERENCE');
  expect(csv.exitCode).toBe(1);
});

test('a Banco do Brasil pack refuses FEBRABAN’s layout version (the bank answers HL)', async () => {
  const run = await s.condo.run(['--json', 'cnab', 'lint', rem, '--bank', '001']);
  expect(run.exitCode).toBe(1);
  const report = JSON.parse(run.stdout);
  expect(report.pack).toBe('Banco do Brasil');
  const version = report.findings.find((f: { rule: string }) => f.rule === 'layout-version');
  expect(version).toMatchObject({ line: 1, column: 164, severity: 'error' });
  expect(version.message).toContain('asks for 030');
  // and the convênio Banco do Brasil requires, which an Itaú file leaves blank
  expect(report.findings.find((f: { rule: string }) => f.rule === 'convenio')).toMatchObject({ column: 33 });
});

test('batches download will not deliver a file that breaks its bank’s rules, unless --skip-lint', async () => {
  // the server's stored file, its first lote trailer's count made wrong
  const db = openPlain(join(s.dataDir, DB_FILE), { writable: true });
  try {
    const row = db
      .prepare('SELECT seq, content FROM batch_file_chunks WHERE batch_id = ? ORDER BY seq LIMIT 1')
      .get(batchId) as {
      seq: number;
      content: Buffer;
    };
    const lines = row.content.toString('latin1').split('\r\n');
    const trailer = lines.findIndex((l) => l[7] === '5');
    lines[trailer] = at(lines[trailer] as string, 18, '000099');
    db.prepare('UPDATE batch_file_chunks SET content = ? WHERE batch_id = ? AND seq = ?').run(
      Buffer.from(lines.join('\r\n'), 'latin1'),
      batchId,
      row.seq,
    );
  } finally {
    db.close();
  }
  const target = join(s.condo.configDir, 'refused.rem');
  const refused = await s.condo.run(['batches', 'download', batchId, '-O', target]);
  // the file's state forbids the delivery: a conflict (5)
  expect(refused.exitCode).toBe(5);
  expect(refused.stderr).toMatch(/line \d+: lote-count: lote 1 trailer counts 99 records/);
  expect(refused.stderr).toContain(
    `condo batches cancel ${batchId} undoes the batch, --skip-lint delivers it all the same`,
  );
  expect(existsSync(target)).toBe(false);
  const piped = await s.condo.run(['batches', 'download', batchId, '-O', '-']);
  expect(piped.exitCode).toBe(5);
  expect(piped.stdout).toBe('');
  const skipped = await s.condo.run(['batches', 'download', batchId, '-O', target, '--skip-lint']);
  expect(skipped.exitCode, skipped.stderr).toBe(0);
  expect(existsSync(target)).toBe(true);
});

test('with a profile, a file whose sequence number (NSA) the server’s batches already used is refused', async () => {
  const { writePaymentRemittance } = await import('../../src/formats/cnab240/writer.js');
  const { companyAt, sampleInput, samplePaymentsToday } = await import('../unit/formats/cnab240/fixtures.js');
  const bradesco = (fileSequence: number) => {
    const input = sampleInput(samplePaymentsToday(), 'bradesco-multipag');
    return writePaymentRemittance({ ...input, fileSequence, company: companyAt('237') });
  };
  const used = (await s.condo.json('batches list')).reduce(
    (top: number, b: { file_sequence: number }) => Math.max(top, b.file_sequence),
    0,
  );
  expect(used).toBeGreaterThan(0);
  const repeat = join(s.condo.configDir, 'repeat.rem');
  await writeFile(repeat, bradesco(used), 'latin1');
  const offline = await s.condo.run(['cnab', 'lint', repeat]);
  expect(offline.exitCode, offline.stdout).toBe(0);
  const r = await s.condo.run(['--json', '--profile', 'default', 'cnab', 'lint', repeat]);
  expect(r.exitCode).toBe(1);
  const finding = JSON.parse(r.stdout).findings.find((f: { rule: string }) => f.rule === 'file-sequence');
  expect(finding).toMatchObject({ line: 1, column: 158, severity: 'error' });
  expect(finding.message).toContain(`file sequence (NSA) ${used} is not above ${used}`);
  const next = join(s.condo.configDir, 'next.rem');
  await writeFile(next, bradesco(used + 1), 'latin1');
  expect((await s.condo.run(['--profile', 'default', 'cnab', 'lint', next])).exitCode).toBe(0);
});

test('with a profile, the header’s paying account is the condominium’s: a mistyped digit refused, another account warned', async () => {
  // Itaú's header: agência 53-57, conta 59-70, its DAC at 72; the sandbox's payment account is 0350/12345-1
  const header = (await readFile(rem, 'latin1')).split('\r\n')[0] as string;
  expect(header.slice(52, 72)).toBe('00350 000000012345 1');
  const clean = await s.condo.run(['--json', '--profile', 'default', 'cnab', 'lint', rem]);
  expect(JSON.parse(clean.stdout)).toMatchObject({
    errors: 0,
    warnings: 0,
    company_account: { agency: '00350', account: '000000012345', digit: '1' },
  });
  const digit = await edited('digit.rem', (lines) => {
    lines[0] = at(lines[0] as string, 72, '4');
  });
  // offline, Itaú's own algorithm (module 10 over agência and conta) refuses the digit (#51); what only the
  // server knows is said as not checked, with the flag that checks it
  const offline = await s.condo.run(['--json', 'cnab', 'lint', digit]);
  expect(offline.exitCode, offline.stdout).toBe(1);
  expect(JSON.parse(offline.stdout).findings).toEqual([
    expect.objectContaining({
      rule: 'account-digit',
      severity: 'error',
      line: 1,
      column: 72,
      message: "the conta 12345's digit is 4; by the bank's algorithm (agência 0350) it is 1",
    }),
  ]);
  // the current profile is named in the command to paste: lint does not reach for it unasked (#66)
  const current = (await s.condo.json('config list')).find((p: any) => p.current)?.name;
  expect(offline.stderr.replace(/\n\s*/g, ' ')).toContain(
    `checked offline: the paying account and the file sequence (NSA) are not checked against the condominium's unless a profile is named, the current one too: condo --profile ${current} cnab lint ${digit}`,
  );
  const refused = await s.condo.run(['--json', '--profile', 'default', 'cnab', 'lint', digit]);
  expect(refused.exitCode).toBe(1);
  expect(JSON.parse(refused.stdout).findings).toEqual([
    expect.objectContaining({ rule: 'account-digit', column: 72 }),
    expect.objectContaining({
      rule: 'company-account',
      severity: 'error',
      line: 1,
      column: 72,
      message: `the header's agência 00350 conta 000000012345-4 has digit "4"; the condominium's account 0350/12345-1 has another`,
    }),
  ]);
  const other = await edited('other.rem', (lines) => {
    lines[0] = at(lines[0] as string, 59, '000000054321');
  });
  const warned = await s.condo.run(['-o', 'table', '--profile', 'default', 'cnab', 'lint', other]);
  expect(warned.exitCode, warned.stdout).toBe(0);
  expect(warned.stdout).toMatch(/other\.rem: 0 errors, 1 warning/);
  expect(warned.stdout).toMatch(/company-account/);
  expect(warned.stdout).toMatch(/none of the condominium's accounts at bank 341 \(0350\/12345-1/);
});

test("several files, or a pattern of them: a report each, the worst exit, and a script's rows name their file", async () => {
  const dir = join(s.condo.configDir, 'lotes');
  await mkdir(dir, { recursive: true });
  const text = await readFile(rem, 'latin1');
  await writeFile(join(dir, 'a.rem'), text, 'latin1');
  // the second one's lote trailer miscounts its records
  const lines = text.split('\r\n');
  const trailer = lines.findIndex((l) => l[7] === '5');
  lines[trailer] = `${(lines[trailer] as string).slice(0, 17)}000099${(lines[trailer] as string).slice(23)}`;
  await writeFile(join(dir, 'b.rem'), lines.join('\r\n'), 'latin1');

  const json = await s.condo.run(['--json', 'cnab', 'lint', join(dir, '*.rem')]);
  expect(json.exitCode).toBe(1);
  const reports = json.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(reports.map((r: { file: string; errors: number }) => [r.file, r.errors > 0])).toEqual([
    [join(dir, 'a.rem'), false],
    [join(dir, 'b.rem'), true],
  ]);
  const tsv = await s.condo.run(['cnab', 'lint', join(dir, 'a.rem'), join(dir, 'b.rem')]);
  expect(
    tsv.stdout
      .split('\n')
      .filter(Boolean)
      .every((row) => row.startsWith(`${join(dir, 'b.rem')}\t`)),
  ).toBe(true);
  // one file reads as it always did: no FILE column
  expect((await s.condo.run(['cnab', 'lint', join(dir, 'b.rem')])).stdout).toMatch(/^\d+\t/);
});
