import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { writeDdaFile } from '../../src/formats/cnab240/dda-writer.js';
import { sampleDdaInput } from '../unit/formats/cnab240/fixtures.js';
import { condoIn, leafExpenseAccount, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #33: the morning's cron run. The sandbox plays the bank and writes the day's DDA file (`condo sandbox dda`): the
 * seeded elevator bill, whose due date the beneficiary put off since it was entered, and a cleaning-material
 * boleto nobody entered. `dda import` enters what is new, once; `dda check` finds what changed and the boleto
 * typed by hand that no DDA lists (a possible fake).
 */

let s: Session;
let dir: string;
let dda: string;
beforeAll(async () => {
  // this month's bills seeded: the elevator's boleto among them
  s = await sandboxSession({ bills: true });
  dir = await mkdtemp(join(tmpdir(), 'condo-dda-'));
  dda = join(dir, 'DDA-hoje.ret');
  await s.condo.ok(['sandbox', 'dda', '--data-dir', s.dataDir, '-O', dda]);
});
afterAll(async () => {
  await s.close();
  await rm(dir, { recursive: true, force: true });
});

const statuses = (json: { boletos: { status: string; beneficiary_name: string }[] }) =>
  Object.fromEntries(json.boletos.map((b) => [b.beneficiary_name, b.status]));
const countPayables = async () => (await s.condo.json(['payables', 'list', '--all'])).length;

test('dda import --dry-run, dda import, the same again: entered once, then replayed', async () => {
  const before = await countPayables();
  const dry = await s.condo.run(['--json', 'dda', 'import', dda, '--dry-run']);
  expect(dry.exitCode, dry.stderr).toBe(1); // the changed bill needs a person
  expect(statuses(JSON.parse(dry.stdout))).toEqual({
    'ELEVADORES HORIZONTE MANUTENCA': 'changed',
    'BRILHO SERVICOS DE LIMPEZA E C': 'would create',
  });
  expect(await countPayables()).toBe(before);

  const run = await s.condo.run(['--json', 'dda', 'import', dda]);
  const created = JSON.parse(run.stdout).boletos.find((b: { status: string }) => b.status === 'created');
  expect(created, run.stdout).toBeDefined();
  const payable = await s.condo.json(['payables', 'show', created.payable_id]);
  const brilho = (await s.condo.json(['suppliers', 'list'])).find((x: { name: string }) =>
    /Brilho/.test(x.name),
  );
  expect(payable).toMatchObject({
    state: 'pending',
    forma_pagamento: 'boleto',
    supplier_id: brilho.id,
    amount: 124_590,
    document_number: created.barcode,
    due_date: created.due_date,
  });
  // what the slip charges after its due date is kept in the notes, as the DDA says it
  expect(payable.notes).toMatch(
    /^DDA .*DDA-hoje\.ret, linha \d+: multa 2,00% a partir de \d\d\/\d\d\/\d{4}; juros R\$ 0,41 ao dia$/,
  );
  expect(await countPayables()).toBe(before + 1);

  const again = await s.condo.run(['dda', 'import', dda]);
  expect(again.stderr).toContain(
    'replayed: every boleto of these files was entered before; nothing was written',
  );
  expect(again.stdout).toMatch(/^entered\t/m);
  expect(await countPayables()).toBe(before + 1);
});

test("a changed boleto is followed by what to do about it, once, in the person's language", async () => {
  const hint = "--apply-changes (dda import) gives a changed boleto's pending payable the DDA's";
  const check = await s.condo.run(['dda', 'check', dda]);
  expect(check.exitCode).toBe(1);
  expect(check.stderr).toContain(hint);
  const pt = await s.condo.run(['dda', 'import', dda, '--dry-run'], { env: { CONDO_LANG: 'pt-BR' } });
  expect(pt.stderr).toContain('--apply-changes (dda import) leva à conta pendente de um boleto alterado');
  // given the flag, the line says what was done: no hint
  const applying = await s.condo.run(['dda', 'import', dda, '--dry-run', '--apply-changes']);
  expect(applying.stderr).not.toContain('--apply-changes (dda import)');
});

test('dda check: the changed bill says what changed, and a boleto typed by hand that no DDA lists is a possible fake', async () => {
  const account = await leafExpenseAccount(s.condo);
  const fake = buildBoleto({
    bankCode: '341',
    dueDate: '2026-12-09',
    amountCents: 89_000,
    freeField: '1090000999900012345678000',
  }).linhaDigitavel;
  const typed = await s.condo.json([
    ...['payables', 'create', '--supplier', '1', '--chart-account', String(account), '--amount', '890,00'],
    ...[
      '--method',
      'boleto',
      '--due',
      '09/12/2026',
      '--document',
      fake,
      '--description',
      'Boleto recebido por e-mail',
    ],
  ]);
  const check = await s.condo.run(['-o', 'table', 'dda', 'check', dda]);
  expect(check.exitCode).toBe(1);
  expect(check.stdout).toMatch(/changed .* due \d\d\/\d\d\/\d{4} → \d\d\/\d\d\/\d{4}/);
  expect(check.stdout).toContain(typed.public_id);
  expect(check.stdout).toContain('no DDA file lists its barcode: a possible fake boleto');
  // and whom it says it pays, what a person checks with the supplier (the last column): supplier 1's name
  const supplier = (await s.condo.json(['suppliers', 'show', '1'])).name;
  const piped = await s.condo.run(['dda', 'check', dda]);
  const fakeRow = piped.stdout.split('\n').find((l) => l.startsWith(typed.public_id)) ?? '';
  expect(fakeRow.split('\t').at(-1)).toBe(typed.payee_name ?? supplier);

  // --apply-changes: the pending bill takes the DDA's due date, and the check no longer lists it as changed
  const applied = await s.condo.run(['--json', 'dda', 'import', dda, '--apply-changes']);
  expect(statuses(JSON.parse(applied.stdout))['ELEVADORES HORIZONTE MANUTENCA']).toBe('updated');
  const after = JSON.parse((await s.condo.run(['--json', 'dda', 'check', dda])).stdout);
  expect(Object.values(statuses(after))).toEqual(['entered', 'entered']);
  expect(after.not_in_dda.map((p: { public_id: string }) => p.public_id)).toEqual([typed.public_id]);

  // the batch preview checks the profile's DDA files too, and says so before the fake is paid
  await s.condo.ok(['config', 'set', 'dda_files', dda]);
  await s.condo.ok(['payables', 'mark', typed.public_id]);
  const preview = await s.condo.run(['batches', 'create', '--dry-run', '--date', 'next-business-day']);
  expect(preview.exitCode, preview.stderr).toBe(0);
  expect(preview.stderr).toContain(
    `${typed.public_id}: no DDA file lists its barcode: a possible fake boleto; check with the supplier before paying`,
  );
  await s.condo.ok(['payables', 'unmark', typed.public_id]);
});

test('a DDA of another company is refused, naming both CNPJs; a file that is not a DDA is refused too', async () => {
  const other = join(dir, 'DDA-outro.ret');
  const input = sampleDdaInput('341');
  await writeFile(
    other,
    writeDdaFile({ ...input, company: { ...input.company, document: '45678912000155' } }),
  );
  const refused = await s.condo.run(['dda', 'import', other]);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toMatch(
    /this DDA is for CNPJ 45678912000155, not .*\(11222333000181\); nothing was done/,
  );
  const ofx = join(dir, 'extrato.ofx');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', ofx]);
  const wrong = await s.condo.run(['dda', 'check', ofx]);
  expect(wrong.exitCode).toBe(2);
  const missing = await s.condo.run(['dda', 'check', join(dir, 'DDA-nope.ret')]);
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toContain('DDA-nope.ret: no such file; nothing was read'); // (#66: it said 'not a readable file')
});

test('a beneficiary nobody knows: listed, nothing created; with --create-suppliers, the supplier and the payable, once', async () => {
  const account = await leafExpenseAccount(s.condo);
  const condominium = await s.condo.json(['api', 'GET', '']);
  const input = sampleDdaInput('341');
  const barcode = buildBoleto({
    bankCode: '237',
    dueDate: '2026-12-20',
    amountCents: 43_210,
    freeField: '3321090000077700712345000',
  });
  const file = join(dir, 'DDA-vidracaria.ret');
  await writeFile(
    file,
    writeDdaFile({
      ...input,
      company: { ...input.company, document: condominium.data.document },
      boletos: [
        {
          barcode: barcode.barcode,
          beneficiary: { document: '11444777000161', name: 'VIDRACARIA CENTRAL LTDA' },
          dueDate: '2026-12-20',
          amountCents: 43_210,
          documentNumber: 'NF 777',
        },
      ],
    }),
  );
  const unknown = JSON.parse((await s.condo.run(['--json', 'dda', 'import', file])).stdout);
  expect(unknown.boletos.map((b: { status: string }) => b.status)).toEqual(['unknown beneficiary']);
  const suppliersBefore = (await s.condo.json(['suppliers', 'list'])).length;

  const created = await s.condo.run([
    ...['--json', 'dda', 'import', file, '--create-suppliers', '--chart-account', String(account)],
  ]);
  expect(JSON.parse(created.stdout).boletos[0]).toMatchObject({
    status: 'created',
    note: 'and its supplier',
  });
  const suppliers = await s.condo.json(['suppliers', 'list']);
  expect(suppliers).toHaveLength(suppliersBefore + 1);
  expect(suppliers.find((x: { document: string }) => x.document === '11444777000161')).toMatchObject({
    name: 'VIDRACARIA CENTRAL LTDA',
  });
  const again = JSON.parse(
    (
      await s.condo.run([
        '--json',
        'dda',
        'import',
        file,
        '--create-suppliers',
        '--chart-account',
        String(account),
      ])
    ).stdout,
  );
  expect(again.boletos.map((b: { status: string }) => b.status)).toEqual(['entered']);
  expect(await s.condo.json(['suppliers', 'list'])).toHaveLength(suppliersBefore + 1);
});

test('for a script the same in every language; a chart account that cannot take a bill is refused before anything, dry run too', async () => {
  const piped = await s.condo.run(['--lang', 'pt-BR', 'dda', 'check', dda]);
  // the boletos' rows (then, after a blank line, the payables no DDA lists)
  const rows = piped.stdout.split('\n').slice(0, 2);
  expect(rows.map((l) => l.split('\t')[0])).toEqual(['entered', 'entered']);
  const table = await s.condo.run(['--lang', 'pt-BR', '-o', 'table', 'dda', 'check', dda]);
  expect(table.stdout).toContain('│ lançado ');
  expect(table.stdout).toContain('CONTA A PAGAR');
  const revenue = (await s.condo.json(['ledger', 'chart', '--type', 'revenue']))[0];
  const refused = await s.condo.run([
    'dda',
    'import',
    dda,
    '--dry-run',
    '--chart-account',
    String(revenue.id),
  ]);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toContain(`is not an active expense account`);
});

test('a cron night with no DDA file (--allow-empty) asks the server nothing: no credentials needed, exit 0', async () => {
  const nobody = condoIn(join(dir, 'no-config'));
  const r = await nobody.run(['dda', 'import', join(dir, 'DDA-1999-*.ret'), '--allow-empty']);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain('DDA-1999-*.ret": nothing to import');
  const check = await nobody.run(['dda', 'check', join(dir, 'DDA-1999-*.ret'), '--allow-empty']);
  expect(check.exitCode, check.stderr).toBe(0);
  expect(check.stderr).toContain('nothing to check');
});

test('dda_files is kept whole from the folder it was set in; a pattern that matches no file is said, not every boleto called a fake', async () => {
  await s.condo.ok(['config', 'set', 'dda_files', 'banco/DDA-*.ret']);
  const kept = (await s.condo.run(['config', 'get', 'dda_files'])).stdout.trim();
  expect(kept).toBe(resolve('banco/DDA-*.ret'));
  const boleto = (await s.condo.json(['payables', 'list', '--all'])).find(
    (p: { forma_pagamento: string; state: string }) =>
      p.forma_pagamento === 'boleto' && p.state === 'pending',
  );
  await s.condo.ok(['payables', 'mark', boleto.public_id]);
  try {
    const preview = await s.condo.run(['batches', 'create', '--dry-run', '--date', 'next-business-day']);
    expect(preview.exitCode, preview.stderr).toBe(0);
    expect(preview.stderr).toContain(
      `dda_files "${kept}" matches no file: the boletos were not checked against the DDA`,
    );
    expect(preview.stderr).not.toContain('a possible fake boleto');
  } finally {
    await s.condo.ok(['payables', 'unmark', boleto.public_id]);
    await s.condo.ok(['config', 'unset', 'dda_files']);
  }
});

test("cron's JSON log says a replay, and a night with no file leaves its line too", async () => {
  const quiet = await s.condo.run(['--json', '--quiet', 'dda', 'import', dda]);
  expect(JSON.parse(quiet.stdout).replayed).toBe(true);
  // the result itself, not narration: said with --quiet too, as a replayed statement import is
  expect(quiet.stderr).toContain('replayed: every boleto of these files was entered before');
  const dry = JSON.parse((await s.condo.run(['--json', 'dda', 'import', dda, '--dry-run'])).stdout);
  expect(dry.replayed).toBe(false);
  const pattern = join(dir, 'DDA-1999-*.ret');
  const night = await condoIn(join(dir, 'no-config')).run([
    ...['--no-input', '--quiet', 'dda', 'import', pattern, '--allow-empty', '--json'],
  ]);
  expect(night.exitCode, night.stderr).toBe(0);
  expect(JSON.parse(night.stdout)).toEqual({ files: [], nothing_matched: [pattern] });
});

test("a file that is not CNAB 240 is refused by its line in the person's language", async () => {
  const log = join(dir, 'dda.jsonl');
  await writeFile(log, '{"dry_run":false}\n');
  const refused = await s.condo.run(['dda', 'check', log], { env: { CONDO_LANG: 'pt-BR' } });
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toContain(`${log}: linha 1: não é um registro CNAB 240: esperava código do banco`);
  expect(refused.stderr).toContain('nada foi lido');
});

test('a boleto typed by hand that DDA already entered: asked on a terminal, warned without one, named in a file', async () => {
  const entered = JSON.parse((await s.condo.run(['--json', 'dda', 'check', dda])).stdout).boletos.find(
    (b: { status: string }) => b.status === 'entered',
  );
  const first = await s.condo.json(['payables', 'show', entered.payable_id]);
  const account = await leafExpenseAccount(s.condo);
  const typed = [
    ...['payables', 'create', '--supplier', String(first.supplier_id), '--chart-account', String(account)],
    ...['--method', 'boleto', '--amount', (first.amount / 100).toFixed(2).replace('.', ',')],
    ...['--document', entered.barcode, '--description', 'Digitado do PDF'],
  ];
  const before = await countPayables();
  // a person at a terminal is asked, and no is the default
  const declined = await runOnTerminal(s.condo, typed, [[/Enter it again\?/, 'n']]);
  expect(declined.exitCode).toBe(2);
  expect(declined.output).toMatch(/This boleto is already entered as \S+ \(pending, [\d/]+, R\$ [\d.,]+\)/);
  expect(declined.output).toContain(entered.payable_id);
  expect(declined.output).toContain('nothing created');
  expect(await countPayables()).toBe(before);
  // a script is not asked: the bill is entered as told, and the warning says how to take it back
  const script = await s.condo.run(typed);
  expect(script.exitCode, script.stderr).toBe(0);
  const second = script.stdout.trim();
  try {
    expect(script.stderr).toContain(
      `warning: this boleto is already entered as ${entered.payable_id} (pending, `,
    );
    expect(script.stderr).toContain(
      `: entered twice, it is paid twice; condo payables delete ${second} takes this one back`,
    );
  } finally {
    await s.condo.ok(['payables', 'delete', second, '--yes']);
  }
  // a payable whose barcode is corrected to one another payable has: the same warning, nothing to take back
  const other = buildBoleto({
    bankCode: '341',
    dueDate: first.due_date,
    amountCents: first.amount,
    freeField: '1097654321000912458730000',
  });
  const third = await s.condo.json([
    ...typed.slice(0, -4),
    '--document',
    other.barcode,
    '--description',
    'Outro',
  ]);
  try {
    const corrected = await s.condo.run([
      'payables',
      'update',
      third.public_id,
      '--document',
      entered.barcode,
    ]);
    expect(corrected.exitCode, corrected.stderr).toBe(0);
    expect(corrected.stderr).toContain(
      `warning: this boleto is already entered as ${entered.payable_id} (pending, `,
    );
    expect(corrected.stderr).toContain(': entered twice, it is paid twice\n');
  } finally {
    await s.condo.ok(['payables', 'delete', third.public_id, '--yes']);
  }
  // in a file, an entry is also the same boleto as an earlier entry of the file
  const fresh = buildBoleto({
    bankCode: '341',
    dueDate: '2026-12-20',
    amountCents: 31_500,
    freeField: '1091234567800912458730000',
  });
  const body = {
    supplier_id: first.supplier_id,
    chart_of_accounts_id: account,
    amount: 31_500,
    forma_pagamento: 'boleto',
    due_date: '2026-12-20',
    document_number: fresh.barcode,
    description: 'Boleto novo',
  };
  const file = join(dir, 'boletos.json');
  await writeFile(file, JSON.stringify([body, { ...body, document_number: fresh.linhaDigitavel }]));
  const fromFile = await s.condo.run(['-o', 'tsv', 'payables', 'create', '--from-file', file]);
  const ids = fromFile.stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t')[0] as string);
  try {
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(fromFile.stderr).toContain(
      `warning: ${file}[1]: this boleto is already entered as ${file}[0]: entered twice, it is paid twice`,
    );
    expect(fromFile.stderr.match(/warning:/g)).toHaveLength(1); // entry 0 is new
  } finally {
    for (const id of ids) await s.condo.ok(['payables', 'delete', id, '--yes']);
  }
});

test('the same bill entered twice is named beside its boleto, with what to do; exit 1', async () => {
  const entered = JSON.parse((await s.condo.run(['--json', 'dda', 'check', dda])).stdout).boletos.find(
    (b: { status: string }) => b.status === 'entered',
  );
  const first = await s.condo.json(['payables', 'show', entered.payable_id]);
  const account = await leafExpenseAccount(s.condo);
  const reais = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  const second = await s.condo.json([
    ...['payables', 'create', '--supplier', String(first.supplier_id), '--chart-account', String(account)],
    ...[
      '--method',
      'boleto',
      '--amount',
      reais(first.amount),
      '--due',
      first.due_date.split('-').reverse().join('/'),
    ],
    ...['--document', entered.barcode, '--description', 'Digitado de novo'],
  ]);
  try {
    const check = await s.condo.run(['--json', 'dda', 'check', dda]);
    expect(check.exitCode).toBe(1);
    const line = JSON.parse(check.stdout).boletos.find(
      (b: { barcode: string }) => b.barcode === entered.barcode,
    );
    expect(line).toMatchObject({ status: 'entered twice', payable_id: entered.payable_id });
    expect(line.note).toBe(
      `also entered as ${second.public_id} (pending): the same bill twice; delete the one not to pay`,
    );
    const pt = await s.condo.run(['-o', 'table', 'dda', 'check', dda], { env: { CONDO_LANG: 'pt-BR' } });
    expect(pt.stdout).toContain('lançado duas vezes');
    expect(pt.stdout).toContain(`${second.public_id} (pendente)`);
  } finally {
    await s.condo.ok(['payables', 'delete', second.public_id, '--yes']);
  }
});

test('condo import of a DDA file says what it is and which verb reads it (#53), not that it names no batch', async () => {
  const r = await s.condo.run(['--lang', 'pt-BR', 'import', dda]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain(
    'isto é um arquivo DDA (a lista de boletos do banco), não um retorno: condo dda import o lê',
  );
  expect(r.stderr).not.toMatch(/lote|batch/i);
});
