import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { statementForDemo } from '../../src/sandbox/index.js';
import { CONDO_BIN, leafExpenseAccount, runProcess, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * Output that scripts can trust (docs/guide/conventions.md, "Machine output"): an accountant's shell pipeline, a cron log, a download
 * that must not clobber a file, a delete that must not happen by accident.
 */

let s: Session;
let expenseAccount: number;
let supplierWithBank: number;
let ids: string[];
/** Each payable's amount: a bulk create keeps the file's order for its first row only (DECISIONS.md, HTTP). */
let amountOf: Map<string, number>;

/** A shell pipeline, as a person types it: `condo` is the built CLI with the session's config. */
function shell(pipeline: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return runProcess('sh', ['-c', pipeline], {
    env: { ...s.condo.env, CONDO: `${process.execPath} ${CONDO_BIN}` },
  });
}

const lines = (text: string) => text.split('\n').filter(Boolean);

beforeAll(async () => {
  s = await sandboxSession();
  supplierWithBank = (await s.condo.json('suppliers list')).find((x: any) => x.bank).id;
  expenseAccount = await leafExpenseAccount(s.condo);
  // 49 payables: more than the API's 25 a page, as in the report that found lists cut at 25.
  const file = join(s.dataDir, '..', 'payables.json');
  await writeFile(
    file,
    JSON.stringify(
      Array.from({ length: 49 }, (_, i) => ({
        supplier_id: supplierWithBank,
        chart_of_accounts_id: expenseAccount,
        amount: 120000 + i,
        forma_pagamento: 'ted',
        due_date: '2026-12-10',
        description: `Parcela ${i + 1}`,
      })),
    ),
  );
  await s.condo.ok(['payables', 'create', '--from-file', file]);
  const created = await s.condo.json('payables list --state pending');
  ids = created.map((p: any) => p.public_id);
  amountOf = new Map(created.map((p: any) => [p.public_id, p.amount]));
});
afterAll(() => s.close());

describe('lists are never silently partial', () => {
  test('piped, a list has every row (every page), and no header row', async () => {
    const r = await s.condo.run('payables list --state pending');
    expect(r.exitCode).toBe(0);
    expect(lines(r.stdout)).toHaveLength(49);
    expect(lines(r.stdout).every((l) => /^[0-9A-Z]{26}\t/.test(l))).toBe(true);
    expect(r.stderr).toBe('');
    expect(ids).toHaveLength(49);
  });

  test('--limit takes that many and says on stderr that there are more', async () => {
    const r = await s.condo.run('payables list --state pending --limit 30');
    expect(lines(r.stdout)).toHaveLength(30);
    expect(r.stderr).toContain('Showing 30 of 49 (--limit 30)');
  });

  test('on a terminal: the first page, then "Showing 25 of 49: --all for every row"', async () => {
    const first = await runOnTerminal(s.condo, ['payables', 'list', '--state', 'pending']);
    expect(first.exitCode).toBe(0);
    expect(first.output).toContain('Showing 25 of 49: --all for every row');
    expect(first.output.match(/Parcela \d+/g)).toHaveLength(25);
    const all = await runOnTerminal(s.condo, ['payables', 'list', '--state', 'pending', '--all']);
    expect(all.output.match(/Parcela \d+/g)).toHaveLength(49);
    expect(all.output).not.toContain('Showing');
  });
});

describe('machine output has one contract', () => {
  test('cut -f1 | xargs condo payables mark marks every pending payable, and `-` reads ids from stdin', async () => {
    const marked = await shell(
      '$CONDO payables list --state pending | head -20 | cut -f1 | xargs $CONDO payables mark',
    );
    expect(marked.exitCode).toBe(0);
    expect(marked.stderr).toContain('20 marked, 0 failed');
    const fromStdin = await shell(
      '$CONDO payables list --state pending | cut -f1 | $CONDO payables mark - | cut -f2 | sort | uniq -c',
    );
    expect(fromStdin.exitCode).toBe(0);
    expect(fromStdin.stdout.trim()).toBe('29 ok');
    expect(lines((await s.condo.run('payables list --state marked_for_remessa')).stdout)).toHaveLength(49);
    const back = await shell(
      '$CONDO payables list --state marked_for_remessa | cut -f1 | $CONDO -q payables unmark -',
    );
    expect(back.exitCode).toBe(0);
    expect(lines(back.stdout)).toHaveLength(49);
  });

  test('an id that is not one is named with its stdin line, and nothing is sent', async () => {
    const r = await shell(`printf '${ids[0]}\\n\\nnot-an-id\\n' | $CONDO payables mark -`);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/stdin line 3: "not-an-id" is not a payable id/);
    expect((await s.condo.json(['payables', 'show', ids[0] as string])).state).toBe('pending');
  });

  test('tsv --header adds the header; csv has one; --json FIELD,FIELD selects fields', async () => {
    const tsv = lines((await s.condo.run('payables list --limit 2 --header')).stdout);
    expect(tsv[0]).toBe('ID\tSTATE\tDUE\tAMOUNT\tMETHOD\tPAYEE\tDESCRIPTION');
    expect(tsv).toHaveLength(3);
    const csv = lines((await s.condo.run('-o csv payables list --limit 1')).stdout);
    expect(csv[0]).toBe('ID,STATE,DUE,AMOUNT,METHOD,PAYEE,DESCRIPTION');
    const picked = JSON.parse((await s.condo.run('payables list --limit 2 --json public_id,amount')).stdout);
    expect(picked).toEqual([
      { public_id: ids[0], amount: amountOf.get(ids[0]!) },
      { public_id: ids[1], amount: amountOf.get(ids[1]!) },
    ]);
    expect(new Set(amountOf.values()).size).toBe(49);
    const one = JSON.parse((await s.condo.run(['--json=state,amount', 'payables', 'show', ids[2]!])).stdout);
    expect(one).toEqual({ state: 'pending', amount: amountOf.get(ids[2]!) });
  });

  test('--json with an unknown field is a usage error listing the fields there are', async () => {
    const r = await s.condo.run('payables list --limit 1 --json publicid');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--json: unknown field "publicid"; available: public_id, /);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { message: expect.stringMatching(/publicid/) } });
  });

  test('money is decimal reais in tsv whatever the verb, and the API value in JSON', async () => {
    const id = ids[0] as string;
    const record = lines((await s.condo.run(['payables', 'show', id])).stdout);
    expect(record).toContain('amount\t1200.00');
    const listed = lines((await s.condo.run('payables list --limit 1')).stdout)[0]?.split('\t');
    expect(listed?.[3]).toBe('1200.00');
    expect((await s.condo.json(['payables', 'show', id])).amount).toBe(120000);
  });

  test('piped --json is one line per run (a JSON Lines log); a failure adds its own line', async () => {
    const log = join(s.dataDir, '..', 'cron.jsonl');
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const r = await shell(
      [
        `$CONDO payables show ${ids[0]} --json >> ${log}`,
        `$CONDO payables show ${missing} --json >> ${log}; echo "exit $?"`,
        `$CONDO payables list --limit 3 --json >> ${log}`,
      ].join('; '),
    );
    expect(r.stdout.trim()).toBe('exit 4');
    const entries = lines(await readFile(log, 'utf8')).map((l) => JSON.parse(l));
    expect(entries).toHaveLength(3);
    expect(entries[0].public_id).toBe(ids[0]);
    expect(entries[1]).toMatchObject({
      error: { code: 'not_found', message: expect.any(String), request_id: expect.any(String) },
      exit_code: 4,
    });
    expect(entries[2]).toHaveLength(3);
    expect(r.stderr).toMatch(/^error: .*not_found.*request id/m);
  });

  test('a usage error with --json is a JSON line too', async () => {
    const r = await s.condo.run('payables list --state nope --json');
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      error: { message: expect.stringMatching(/--state/) },
      exit_code: 2,
    });
  });

  test('a replayed statement import says so, in the JSON and on stderr even with --quiet', async () => {
    const file = join(s.dataDir, '..', 'extrato.ofx');
    await writeFile(file, await statementForDemo(s.dataDir));
    const account = (await s.condo.json('bank-accounts list'))[0].id;
    const importIt = () =>
      s.condo.run(['-q', 'statements', 'import', file, '--account', String(account), '--json']);
    const first = await importIt();
    const again = await importIt();
    const [a, b] = [JSON.parse(first.stdout), JSON.parse(again.stdout)];
    expect(a.replayed).toBe(false);
    expect(b.replayed).toBe(true);
    expect({ ...b, replayed: false }).toEqual(a);
    expect(first.stderr).toBe('');
    expect(again.stderr).toMatch(/imported before: the earlier result was replayed, nothing changed/);
    // Money the import adds is in integer cents, named for it.
    for (const t of a.unmatched_transactions) expect(Number.isInteger(t.amount_cents)).toBe(true);
    expect(a.unmatched_transactions[0]).not.toHaveProperty('amount');
  });
});

describe('files and deletes', () => {
  test('-o is the format only; a download goes to -O FILE and keeps an existing file unless --force', async () => {
    await s.condo.ok(['payables', 'mark', ids[0] as string, ids[1] as string]);
    const batch = await s.condo.json('batches create --date next-business-day');
    const rem = join(s.dataDir, '..', 'lote.rem');

    const wrong = await s.condo.run(['batches', 'download', batch.public_id, '-o', rem]);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(/--output is the output format.*--output-file/);

    expect((await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem])).trim()).toBe(rem);
    const first = await stat(rem);
    await writeFile(rem, 'edited by hand');
    const again = await s.condo.run(['batches', 'download', batch.public_id, '-O', rem]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/already exists \(--force overwrites it\)/);
    expect(await readFile(rem, 'utf8')).toBe('edited by hand');

    const forced = await s.condo.run([
      'batches',
      'download',
      batch.public_id,
      '-O',
      rem,
      '--force',
      '--json',
    ]);
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({ path: rem, bytes: first.size });

    const shown = lines((await s.condo.run(['-o', 'tsv', 'batches', 'show', batch.public_id])).stdout);
    expect(shown).toContain('by forma\tted 2 (2400.01)');
  });

  test('payables delete: refused without a terminal unless --yes; asks on one', async () => {
    const [a, b] = [ids[10] as string, ids[11] as string];
    const piped = await s.condo.run(['payables', 'delete', a]);
    expect(piped.exitCode).toBe(2);
    expect(piped.stderr).toMatch(/--yes is required/);
    const noInput = await s.condo.run(['--no-input', 'payables', 'delete', a]);
    expect(noInput.exitCode).toBe(2);
    expect((await s.condo.json(['payables', 'show', a])).state).toBe('pending');

    const declined = await runOnTerminal(
      s.condo,
      ['payables', 'delete', a, b],
      [[/Delete 2 payables\?/, 'n']],
    );
    expect(declined.exitCode).toBe(2);
    expect(declined.output).toContain('nothing deleted');
    expect((await s.condo.json(['payables', 'show', a])).state).toBe('pending');

    const confirmed = await runOnTerminal(s.condo, ['payables', 'delete', a], [[/Delete payable/, 'y']]);
    expect(confirmed.exitCode).toBe(0);
    expect((await s.condo.run(['payables', 'show', a])).exitCode).toBe(4);

    const yes = await s.condo.run(['payables', 'delete', b, '--yes']);
    expect(yes.exitCode).toBe(0);
    expect(yes.stdout).toBe(`${b}\tok\tdeleted\n`);
  });
});
