import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/**
 * A CNAB 240 account statement (extrato para conciliação, service 04, segment E) end to end (#51 point 4): the
 * sandbox writes one as the account's bank would, `cnab inspect` names it, `statements import` and `condo import`
 * read it (sent as OFX, the API's format), a re-run is a replay, and a broken one is refused with its line.
 */

let s: Session;
let dir: string;

beforeAll(async () => {
  s = await sandboxSession();
  dir = s.condo.configDir;
});
afterAll(() => s.close());

const written = async (name: string, ...flags: string[]) => {
  const file = join(dir, name);
  const r = await s.condo.run([
    'sandbox',
    'statement',
    '--format',
    'cnab240',
    '--data-dir',
    s.dataDir,
    '-O',
    file,
    ...flags,
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  return file;
};

test('the extrato is named, linted clean, counted, imported into the account it names, and a re-run replays', async () => {
  const file = await written('extrato.ret');
  const lines = (await readFile(file, 'latin1')).split('\r\n').filter(Boolean);
  expect(lines.every((l) => l.length === 240)).toBe(true);

  const inspected = await s.condo.json(['cnab', 'inspect', file]);
  expect(inspected.kind).toBe('account_statement');
  const [statement] = inspected.statements;
  expect(statement).toMatchObject({ bank_code: '341', account: '12345-1' });
  expect(inspected.movements.length).toBe(statement.movements);
  expect(statement.closing_balance.cents - statement.opening_balance.cents).toBe(statement.net_amount_cents);

  const lint = await s.condo.json(['cnab', 'lint', file]);
  expect(lint).toMatchObject({ errors: 0 });

  const dry = await s.condo.json(['statements', 'import', file, '--dry-run']);
  expect(dry).toMatchObject({ format: 'cnab240', transactions: statement.movements, errors: [] });
  expect(dry.statements[0].ledger_balance_cents).toBe(statement.closing_balance.cents);
  const said = await s.condo.run(['statements', 'import', file, '--dry-run']);
  expect(said.stdout).toMatch(/and 2 balance line\(s\), not movements/);

  // routed by its content, into the account its lote header names
  const result = await s.condo.json(['import', file]);
  expect(result).toMatchObject({ imported: statement.movements, duplicates: 0 });
  expect(result.reconciled).toBeGreaterThan(0);
  // a movement left for a person is shown at its line of the CNAB file
  for (const m of result.unmatched_transactions) expect(lines[m.line - 1]?.[13]).toBe('E');
  const again = await s.condo.json(['statements', 'import', file]);
  expect(again).toMatchObject({ replayed: true, imported: statement.movements });
});

test('--bank writes another bank’s layout (Bradesco’s document at 202-208, Itaú’s at 235-240), read back the same', async () => {
  const itauFile = await written('itau.ret');
  const bradescoFile = await written('bradesco.ret', '--bank', '237');
  const itau = await s.condo.json(['cnab', 'inspect', itauFile]);
  const bradesco = await s.condo.json(['cnab', 'inspect', bradescoFile]);
  expect(bradesco.statements[0].bank_code).toBe('237');
  const movementsOf = async (file: string) =>
    (await readFile(file, 'latin1')).split('\r\n').filter((l) => l[13] === 'E');
  for (const l of await movementsOf(bradescoFile)) expect(l.slice(208).trim(), l).toBe('');
  for (const l of await movementsOf(itauFile)) expect(l.slice(201, 234).trim(), l).toBe('');
  // the same movements; a document as long as each bank's field keeps (its last 7 digits, or 6)
  expect(bradesco.movements.map((m: any) => [m.date, m.amount_cents])).toEqual(
    itau.movements.map((m: any) => [m.date, m.amount_cents]),
  );
  bradesco.movements.forEach((m: any, i: number) => {
    const short = itau.movements[i].document;
    if (short) expect(m.document.endsWith(short)).toBe(true);
  });
});

test('an extrato cut short is refused with its line, exit 2, and nothing is sent', async () => {
  const file = await written('cut.ret');
  const lines = (await readFile(file, 'latin1')).split('\r\n');
  const cut = join(dir, 'cortado.ret');
  await writeFile(cut, lines.slice(0, 4).join('\r\n'), 'latin1');
  const r = await s.condo.run(['statements', 'import', cut]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toMatch(/line 4: .*lote trailer.*; nothing was sent/);
  const pt = await s.condo.run(['--lang', 'pt-BR', 'statements', 'import', cut]);
  expect(pt.stderr).toContain(
    'linha 4: o extrato do lote 1 acaba sem o trailer do lote (o saldo final): o arquivo foi cortado; nada foi enviado',
  );
});

test('what the reviewer found: lint reads the movements, a broken opening balance is no balance, two accounts are refused before a dry run passes, a return verb names an extrato, the server’s lines are the file’s', async () => {
  const file = await written('revisto.ret');
  const lines = (await readFile(file, 'latin1')).split('\r\n');
  const variant = async (name: string, line: number, at: number, char: string) => {
    const copy = [...lines];
    copy[line - 1] = `${copy[line - 1]!.slice(0, at - 1)}${char}${copy[line - 1]!.slice(at)}`;
    const path = join(dir, name);
    await writeFile(path, copy.join('\r\n'), 'latin1');
    return path;
  };
  // a movement's sign that is neither D nor C: lint says so where the import would refuse it
  const sign = await variant('sinal.ret', 4, 169, 'X');
  const lint = await s.condo.run(['--json', 'cnab', 'lint', sign]);
  expect(lint.exitCode).toBe(1);
  expect(JSON.parse(lint.stdout).findings).toContainEqual(
    expect.objectContaining({ rule: 'statement', severity: 'error', line: 4 }),
  );
  // an opening balance that cannot be read is not shown as the closing one
  const opening = await variant('abertura.ret', 2, 169, 'X');
  const inspected = await s.condo.run(['--json', 'cnab', 'inspect', opening]);
  expect(JSON.parse(inspected.stdout).statements[0].opening_balance).toBeNull();
  // two accounts in one extrato: refused by name, the dry run too
  const second = lines
    .slice(1, -2)
    .map((l) => `${l.slice(0, 3)}0002${l.slice(7, 58)}000000099999${l.slice(70)}`);
  const two = join(dir, 'duas-contas.ret');
  await writeFile(two, [...lines.slice(0, -2), ...second, ...lines.slice(-2)].join('\r\n'), 'latin1');
  const dry = await s.condo.run(['statements', 'import', two, '--dry-run']);
  expect(dry.exitCode).toBe(2);
  expect(dry.stderr).toContain('holds the statements of more than one account (341 12345-1, 341 99999-');
  // an extrato given to the payment-return verb
  const asReturn = await s.condo.run(['batches', 'import-return', file]);
  expect(asReturn.exitCode).toBe(2);
  expect(asReturn.stderr).toContain(
    'this is an account statement (a CNAB 240 extrato), not a payment return',
  );
  // another bank's extrato into this account: the server's refusal points at the file's lote header (line 2)
  const other = await written('outro-banco.ret', '--bank', '237');
  const refused = await s.condo.run(['statements', 'import', other, '--account', '1']);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toMatch(/line 2: the statement is for bank 0237/);
  expect(refused.stderr).not.toMatch(/line (?!2\b)\d+/);
});
