import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, todayIn } from '../../src/domain/dates.js';
import { type Session, sandboxSession } from './harness.js';

/**
 * #28 point 7: input as people type it. Dates as the screens print them, chart accounts by the code accountants
 * know, near misses pointed to the right flag, and a bank file given to the wrong verb named for what it is, in
 * English and in Portuguese.
 */

let s: Session;
const today = todayIn(new Date());
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('dates: DD/MM/YYYY as the tables print them, DD/MM for the next such day, two-digit years refused', async () => {
  const lastDay = `${today.slice(0, 4)}-12-31`;
  expect((await s.condo.run(['payables', 'list', '--due-to', br(lastDay)])).exitCode).toBe(0);
  const short = await s.condo.run(['payables', 'list', '--due-to', '31/12/26']);
  expect(short.exitCode).toBe(2);
  expect(short.stderr).toContain('--due-to: "31/12/26": the year must have four digits (31/12/2026?)');
  // the words a Brazilian types are dates too (#53); what is none says which are
  expect((await s.condo.run(['--lang', 'pt-BR', 'payables', 'list', '--due-to', 'amanhã'])).exitCode).toBe(0);
  const pt = await s.condo.run(['--lang', 'pt-BR', 'payables', 'list', '--due-to', 'depois']);
  expect(pt.stderr).toContain(
    'erro: --due-to: "depois" não é uma data (use DD/MM/AAAA, DD/MM, AAAA-MM-DD, hoje, amanhã, +Nd ou próximo-dia-útil)',
  );

  // a due date typed as DD/MM that has passed this year is next year's
  const chart = await s.condo.json('ledger chart --type expense --state active');
  const leaf = chart.find((a: any) => String(a.code).split('.').length === 3);
  const yesterday = addDays(today, -1);
  const created = await s.condo.json([
    ...['payables', 'create', '--chart-account', leaf.code, '--payee', 'Chaveiro Central'],
    ...[
      '--method',
      'cash',
      '--amount',
      '80,00',
      '--due',
      br(yesterday).slice(0, 5),
      '--description',
      'Cópias de chave',
    ],
  ]);
  expect(created.due_date).toBe(`${Number(yesterday.slice(0, 4)) + 1}${yesterday.slice(4)}`);
  expect(created.chart_of_accounts_id).toBe(leaf.id);
});

test('a chart account by its code or a unique part of its name; an unknown one named', async () => {
  const chart = await s.condo.json('ledger chart --type expense --state active');
  const leaf = chart.find((a: any) => String(a.code).split('.').length === 3);
  const byCode = await s.condo.json(['ledger', 'entries', '--chart-account', leaf.code]);
  const byId = await s.condo.json(['ledger', 'entries', '--chart-account', String(leaf.id)]);
  expect(byCode).toEqual(byId);
  const unknown = await s.condo.run(['expenses', 'list', '--chart-account', '9.9.99']);
  expect(unknown.exitCode).toBe(2);
  expect(unknown.stderr).toContain(
    '--chart-account: no chart account has the code or a name containing "9.9.99"',
  );
});

test('a top-level command named under a group is pointed to where it is, in either language', async () => {
  const under = await s.condo.run('report defaulters');
  expect(under.exitCode).toBe(2);
  expect(under.stderr).toContain("unknown command 'defaulters'\n(Did you mean condo defaulters?)");
  const pt = await s.condo.run('payables batches', { env: { CONDO_LANG: 'pt-BR' } });
  expect(pt.exitCode).toBe(2);
  expect(pt.stderr).toContain("comando desconhecido 'batches'\n(Quis dizer condo batches?)");
  // a group's own near miss keeps commander's suggestion
  expect((await s.condo.run('payables lst')).stderr).toContain('(Did you mean list?)');
});

test('--help after a command that does not exist says so, with the nearest one, exit 2 (#66)', async () => {
  // the built binary (whose static help declines a path it has no page for) and main alike
  for (const spawn of [true, false]) {
    const typo = await s.condo.run('paybles --help', { spawn });
    expect(typo.exitCode).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain("unknown command 'paybles'\n(Did you mean payables?)");
    const none = await s.condo.run('nosuchgroup --help', { spawn });
    expect([none.exitCode, none.stdout]).toEqual([2, '']);
    expect(none.stderr).toContain("unknown command 'nosuchgroup'");
    const under = await s.condo.run(['--lang', 'pt-BR', 'payables', 'lst', '-h'], { spawn });
    expect(under.exitCode).toBe(2);
    expect(under.stderr).toContain("comando desconhecido 'lst'\n(Quis dizer list?)");
  }
  // a real command's help, a flag's value before it, still answer
  expect(await s.condo.ok('--profile default payables list --help')).toMatch(/^Usage: condo payables list/);
  expect(await s.condo.ok('cnab --help')).toMatch(/^Usage: condo cnab/);
});

test('near misses point to the right flag or value', async () => {
  const rejected = await s.condo.run('payables list --state rejected');
  expect(rejected.exitCode).toBe(2);
  expect(rejected.stderr).toContain('use --rejected');
  const typo = await s.condo.run('payables list --state pendng');
  expect(typo.stderr).toContain('did you mean "pending"?');
  const supplier = await s.condo.run('payables list --supplier DAERP');
  expect(supplier.exitCode).toBe(2);
  expect(supplier.stderr).toContain('--search "DAERP" looks in payees, descriptions and documents');
  const pt = await s.condo.run('--lang pt-BR payables list --state pendng');
  expect(pt.stderr).toContain('quis dizer "pending"?');
});

test('a CNAB file given to a statement verb, and a statement to a CNAB verb, are named for what they are', async () => {
  const rem = join(s.condo.configDir, 'lote.rem');
  await writeFile(rem, `${'34100000'.padEnd(240, '0')}\r\n`);
  const ofx = join(s.condo.configDir, 'extrato.ofx');
  await writeFile(ofx, 'OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX>\r\n</OFX>\r\n');
  const st = await s.condo.run(['statements', 'import', rem, '--dry-run']);
  expect(st.exitCode).toBe(2);
  expect(st.stderr).toContain(
    `${rem}: this is a CNAB 240 file (a remittance or a bank return), not a bank statement`,
  );
  const cnab = await s.condo.run(['cnab', 'inspect', ofx]);
  expect(cnab.exitCode).toBe(2);
  expect(cnab.stderr).toContain(`${ofx}: this is a bank statement (OFX or CSV), not a CNAB 240 file`);
  const pt = await s.condo.run(['--lang', 'pt-BR', 'cnab', 'inspect', ofx]);
  expect(pt.stderr).toContain('este é um extrato bancário (OFX ou CSV), não um arquivo CNAB 240');
});
