import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addMonthsClamped } from '../../src/domain/dates.js';
import {
  CONDO_BIN,
  returnOnItsDate,
  runProcess,
  type Session,
  sandboxSession,
  withoutExtension,
} from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #10 points 3, 4 and 9: a fresh sandbox holds this month's bills and a payable the bank rejected; the README's
 * monthly run, typed as written, shows something at every step; rejections are in plain sight and can be fixed
 * from the CLI; support finds things by name, text, id start or end, and seu número.
 */

let s: Session;

beforeAll(async () => {
  // on the 15th: the README's batch, paid on the next business day, is in the month its reports read
  s = await sandboxSession({ bills: true, midMonth: true });
});
afterAll(() => s.close());

/**
 * The README's monthly-run commands, as a person would copy them (comments dropped), each with the exit code its
 * comment promises: "(exit 1: …)" for a step that leaves something for a person, else 0.
 */
async function readmeMonthlyRun(): Promise<{ line: string; exit: number }[]> {
  const readme = await readFile(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The monthly remittance run'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => ({
      line: line.replace(/\s+#.*$/, '').trim(),
      exit: Number(/#.*\(exit (\d+)/.exec(line)?.[1] ?? 0),
    }))
    .filter((l) => l.line !== '');
}

/** Runs the lines in one bash, `condo` being the built binary, in a directory of its own; output per line. */
function runInBash(lines: string[], cwd: string): Promise<{ out: string; exitCode: number }> {
  const script = [
    'exec 2>&1', // one stream, in the order a person sees it
    `condo() { "${process.execPath}" "${CONDO_BIN}" "$@"; }`,
    ...lines.map(
      (l) => `echo "@@ ${l.replaceAll('"', '\\"').replaceAll('$', '\\$')}"; ${l}; echo "@@ exit $?"`,
    ),
  ].join('\n');
  return runProcess('bash', ['-c', script], { cwd, env: s.condo.env }).then((r) => ({
    out: r.stdout + r.stderr,
    exitCode: r.exitCode,
  }));
}

describe("the README's monthly run on a fresh sandbox", () => {
  test('every line, typed as written, exits as its comment says (0 unless it names another) and shows something', async () => {
    const run = await readmeMonthlyRun();
    const lines = run.map((l) => l.line);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    const { out, exitCode } = await runInBash(lines, s.condo.configDir);
    expect(exitCode).toBe(run.at(-1)?.exit);
    const steps = out.split(/^@@ (?!exit)/m).slice(1);
    expect(steps).toHaveLength(lines.length);
    for (const [i, step] of steps.entries()) {
      const [command = '', ...rest] = step.split('\n');
      const body = rest.join('\n');
      const exit = new RegExp(`@@ exit ${run[i]?.exit}\\s*$`);
      expect(body, command).toMatch(exit);
      expect(body.replace(exit, '').trim().length, `${command} printed nothing`).toBeGreaterThan(0);
    }
    // a rejection is left for a person: the first return's import says so by its exit code (#66)
    expect(run.filter((l) => l.exit === 1).map((l) => l.line)).toContain(
      'condo batches import-return retorno.ret',
    );
    const step = (start: string) => steps.find((x) => x.startsWith(start)) ?? '';
    expect(step('condo payables list --rejected')).toMatch(/\trejected\t.*Jardins/);
    expect(step('condo payables show')).toMatch(/last_return\t\{"code":"AN"/);
    expect(step('condo suppliers update Jardins')).toMatch(/^\d+$/m);
    // #53: the account as a person writes it, its digit after a dash
    expect(step('condo cnab inspect')).toContain('bank 260 agency 0001 account 9384756-1');
    // the corrected payable went out again and was paid this time
    const jardins = (await s.condo.json('payables list --supplier jardins')).find(
      (p: any) => p.description === 'Jardinagem do mês',
    );
    expect(jardins.state).toBe('paid');
    const history = (await s.condo.json(['payables', 'show', jardins.public_id])).batch_history;
    expect(history.map((h: any) => h.outcome)).toEqual(['rejected', 'paid']);
  });
});

describe('rejections in plain sight', () => {
  test('import-return lists each rejection with the code, the reason and the commands to run next', async () => {
    const chart = (await s.condo.json('ledger chart --type expense --state active')).at(-1).id;
    const ted = await s.condo.json(
      `payables create --supplier brilho --chart-account ${chart} --method ted --amount 310,00 --due +5d --description Vidros`,
    );
    await s.condo.ok(['payables', 'mark', ted.public_id]);
    const batch = await s.condo.json('batches create --date next-business-day --yes');
    const rem = join(s.condo.configDir, 'r.rem');
    const ret = join(s.condo.configDir, 'r.ret');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    await returnOnItsDate(s.condo, [rem, '-O', ret, '--reject', ted.public_id.slice(-20)]);
    const table = await s.condo.run(['-o', 'table', 'batches', 'import-return', batch.public_id, ret]);
    // a refusal is left for a person: exit 1, so a cron job sees it (#66)
    expect(table.exitCode).toBe(1);
    expect(table.stdout).toContain('rejected 1');
    expect(table.stdout).toMatch(new RegExp(`│ ${ted.public_id} │ ${ted.payee_name}`));
    const shown = await s.condo.json(['payables', 'show', ted.public_id]);
    expect(table.stdout).toContain(`│ ${shown.last_return.code} `);
    expect(table.stdout).toContain(shown.last_return.message);
    expect(table.stdout).toContain('next: correct what the bank names, then mark the payable again:');
    expect(table.stdout).toContain(`condo payables mark ${ted.public_id}`);
    // a cron re-run: counts on stdout as before, each rejection one warning line on stderr
    const piped = await s.condo.run(['batches', 'import-return', batch.public_id, ret]);
    expect(piped.exitCode).toBe(1);
    expect(piped.stdout).toContain('rejected\t1');
    expect(piped.stderr).toMatch(
      new RegExp(`warning: rejected ${ted.public_id} .*; then condo payables mark`),
    );

    // the state says it, and the filter finds it
    expect(shown.state).toBe('pending');
    expect(shown.batch_history.at(-1)).toMatchObject({ batch_id: batch.public_id, outcome: 'rejected' });
    const rejected = await s.condo.json('payables list --rejected');
    expect(rejected.map((p: any) => p.public_id)).toContain(ted.public_id);
    const tsv = await s.condo.ok('payables list --rejected');
    expect(tsv).toMatch(new RegExp(`^${ted.public_id}\trejected\t`, 'm'));
    const detail = await s.condo.ok(['-o', 'table', 'payables', 'show', ted.public_id]);
    expect(detail).toMatch(/^State +rejected$/m);
    expect(detail).toContain(batch.public_id);
    expect(detail).toContain('next: correct what the bank names');
    expect((await s.condo.run('payables list --rejected --state pending')).exitCode).toBe(2);
  });

  test('on a terminal a rejected payable is red', async () => {
    const r = await s.condo.run(['-o', 'table', 'payables', 'list', '--rejected'], {
      env: { ...s.condo.env, NO_COLOR: '', FORCE_COLOR: '1' },
    });
    expect(r.stdout).toContain('\u001b[31mrejected\u001b[39m');
  });

  test('suppliers update corrects the bank data a rejection names; bad data is refused naming the flag', async () => {
    const bad = await s.condo.run('suppliers update Brilho --account 12345');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--account must be an account number and its check digit after a dash');
    const badKey = await s.condo.run('suppliers update Brilho --pix-key not-a-key');
    expect(badKey.exitCode).toBe(2);
    expect(badKey.stderr).toContain('--pix-key is not a PIX key');
    const noBank = await s.condo.run('suppliers update Vigilare --agency 1234');
    expect(noBank.exitCode).toBe(2);
    expect(noBank.stderr).toMatch(/--bank-code is required: the supplier has no bank account yet/);
    const updated = await s.condo.json(
      'suppliers update Brilho --bank-code 033 --agency 4410 --account 01004532-0',
    );
    expect(updated.bank).toEqual({
      code: '033',
      agency: '4410',
      account: '01004532-0',
      account_type: 'checking',
    });
    const key = await s.condo.json('suppliers update Brilho --pix-key financeiro@brilho.com.br');
    expect(key).toMatchObject({ pix_key: 'financeiro@brilho.com.br', pix_key_type: 'email' });
    expect((await s.condo.json('suppliers update Brilho --no-pix-key')).pix_key).toBeNull();
    const shown = await s.condo.ok('-o table suppliers show brilho');
    expect(shown).toMatch(/^Bank account +033 ag 4410 cc 01004532-0 \(checking\)$/m);
  });

  test('a server without the supplier route: said plainly', async () => {
    const spec = await withoutExtension(
      s,
      (req) => req.method === 'PATCH' && Boolean(req.url?.includes('/suppliers/')),
      405,
    );
    try {
      const r = await s.condo.run([
        '--base-url',
        spec.url,
        'suppliers',
        'update',
        '1',
        '--pix-key',
        'a@b.com.br',
      ]);
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toContain(
        "this server cannot change a supplier's payment data (suppliers update is an extension of the condo sandbox)",
      );
    } finally {
      spec.close();
    }
  });
});

describe('finding things the way support asks', () => {
  test('--supplier takes a name that matches one supplier, and says which when it matches several', async () => {
    const byName = await s.condo.json('payables list --supplier dedetizadora');
    const id = (await s.condo.json('suppliers list')).find((x: any) => /Dedetizadora/.test(x.name)).id;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((p: any) => p.supplier_id === id)).toBe(true);
    const many = await s.condo.run('payables list --supplier ltda');
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toMatch(
      /--supplier: "ltda" matches \d+ suppliers: .*give more of the name, or the id/,
    );
    // the same wherever --supplier is taken
    expect((await s.condo.run('expenses list --supplier ltda')).exitCode).toBe(2);
    const chart = (await s.condo.json('ledger chart --type expense --state active')).at(-1).id;
    const expense = await s.condo.json(
      `expenses create --chart-account ${chart} --description Mudas --amount 90 --due today --supplier jardins`,
    );
    const jardinsId = (await s.condo.json('suppliers list')).find((x: any) => /Jardins/.test(x.name)).id;
    expect(expense.supplier_id).toBe(jardinsId);
    const none = await s.condo.run('payables list --supplier zzz');
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain(`--supplier: no supplier's name contains "zzz"`);
  });

  test('--search looks in the description, the payee and the document, accents and case aside', async () => {
    const byText = await s.condo.json('payables list --search dedetizacao');
    expect(byText.map((p: any) => p.description)).toContain('Dedetização trimestral');
    const byDoc = await s.condo.json(['payables', 'list', '--search', 'NF 774']);
    expect(byDoc.every((p: any) => (p.document_number ?? '').includes('774'))).toBe(true);
    expect(byDoc.length).toBeGreaterThan(0);
  });

  test('payables show takes the id, a unique start or end of it, or the seu número; names next to ids', async () => {
    const all = await s.condo.json('payables list');
    const p = all.find((x: any) => x.description === 'Honorários contábeis');
    const seu = p.public_id.slice(-20);
    for (const ref of [p.public_id, seu, p.public_id.slice(-6).toLowerCase()]) {
      expect((await s.condo.json(['payables', 'show', ref])).public_id).toBe(p.public_id);
    }
    const shared = p.public_id.slice(0, 6); // the seeded ids share their start
    const ambiguous = await s.condo.run(['payables', 'show', shared]);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toMatch(/fits \d+ payables' ids: .*give more characters/);
    expect((await s.condo.run(['payables', 'show', 'ZZZZZZ'])).exitCode).toBe(4);
    const detail = await s.condo.ok(['-o', 'table', 'payables', 'show', seu]);
    expect(detail).toMatch(/^Supplier +Maria Helena Costa \(contadora\) \(\d+\)$/m);
    expect(detail).toMatch(/^Chart account +2\.4\.07 Honorários contábeis \(\d+\)$/m);
    expect(detail).toMatch(new RegExp(`^Seu número +${seu}$`, 'm'));
    expect(detail).toMatch(/^Created +\d\d\/\d\d\/\d{4} \d\d:\d\d$/m);
  });
});

describe('tables fit the terminal', () => {
  const widest = (output: string) =>
    Math.max(
      ...output
        .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
        .replaceAll('\r', '')
        .split('\n')
        .map((l) => [...l].length),
    );

  test('payables list on 80 and 100 columns: cut to fit, ids and money whole; piped, the whole rows', async () => {
    const ids = (await s.condo.json('payables list')).map((p: any) => p.public_id);
    for (const cols of [80, 100]) {
      const r = await runOnTerminal(s.condo, ['payables', 'list'], [], {}, { cols, rows: 40 });
      expect(r.exitCode).toBe(0);
      expect(widest(r.output)).toBeLessThanOrEqual(cols);
      for (const id of ids) expect(r.output).toContain(id);
      expect(r.output).toMatch(/R\$ \d/);
    }
    const narrow = await runOnTerminal(s.condo, ['payables', 'list'], [], {}, { cols: 80, rows: 40 });
    expect(narrow.output).toContain('…');
    const wide = await runOnTerminal(s.condo, ['payables', 'list'], [], {}, { cols: 250, rows: 40 });
    expect(wide.output).toContain('DESCRIPTION');
    expect(wide.output).toContain('┌');
    const piped = await s.condo.ok('payables list');
    expect(piped).toContain('Manutenção preventiva dos elevadores');
  });

  test('cnab inspect wraps instead of cutting: every digit of a destination stays on screen', async () => {
    const batch = (await s.condo.json('batches list'))[0];
    const rem = join(s.condo.configDir, 'fit.rem');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem, '--force']);
    const r = await runOnTerminal(s.condo, ['cnab', 'inspect', rem], [], {}, { cols: 100, rows: 40 });
    expect(widest(r.output)).toBeLessThanOrEqual(100);
    const items = (await s.condo.json(['cnab', 'inspect', rem])).items;
    expect(r.output).not.toContain('…');
    for (const item of items) expect(r.output).toContain(item.seu_numero);
  });
});

describe('reports people ask for', () => {
  // the session's month (São Paulo's, on its clock), not the UTC one, which turns three hours early
  let month: string;
  beforeAll(() => {
    month = s.today().slice(0, 7);
  });
  const cents = (reais: number) => Math.round(reais * 100);

  test('report paid: each payment, or summed by supplier or chart account, the totals agreeing with the ledger', async () => {
    const entries = (
      await s.condo.json(['ledger', 'entries', '--type', 'expense', '--from', `${month}-01`])
    ).filter((e: any) => e.paid_at.startsWith(month));
    const total = entries.reduce((n: number, e: any) => n + cents(e.amount), 0);
    const each = await s.condo.json(['report', 'paid', '--month', month]);
    expect(each.payments).toHaveLength(entries.length);
    expect(each.total_cents).toBe(total);
    for (const by of ['supplier', 'chart-account']) {
      const grouped = await s.condo.json(['report', 'paid', '--month', month, '--by', by]);
      expect(grouped.groups.reduce((n: number, g: any) => n + g.total_cents, 0)).toBe(total);
      expect(grouped.groups.reduce((n: number, g: any) => n + g.payments, 0)).toBe(entries.length);
    }
    const bySupplier = await s.condo.ok(['-o', 'table', 'report', 'paid', '--by', 'supplier']);
    expect(bySupplier).toContain('Jardins & Cia Paisagismo Ltda');
    expect(bySupplier).toMatch(new RegExp(`${entries.length} payments in ${month}, R\\$ `));
    // what the bank pays after today is said, so the total is not read as what was paid by today (#52)
    const ahead = entries.filter((e: any) => e.paid_at.slice(0, 10) > s.today()).length;
    if (ahead > 0) expect(bySupplier).toContain(`(${ahead} of them, R$ `);
    expect(ahead).toBeGreaterThan(0);
    const byChart = await s.condo.ok(['-o', 'table', 'report', 'paid', '--by', 'chart-account']);
    expect(byChart).toContain('2.3.03 Jardinagem');
    const csv = await s.condo.ok(['-o', 'csv', 'report', 'paid', '--by', 'supplier']);
    expect(csv.split('\n')[0]).toBe('SUPPLIER,PAYMENTS,TOTAL,SHARE');
    expect((await s.condo.run('report paid --by unit')).exitCode).toBe(2);
  });

  test('ledger summary over months: the numbers in JSON and csv, a chart on a terminal', async () => {
    const from = addMonthsClamped(`${month}-01`, -5).slice(0, 7);
    const range = await s.condo.json(['ledger', 'summary', '--from', from, '--to', month]);
    expect(range.months.map((m: any) => m.month)).toHaveLength(6);
    expect(range.months.at(-1).month).toBe(month);
    // the lived-in seed has months before this one
    expect(range.months[0].revenue).toBeGreaterThan(0);
    for (const m of range.months) expect(cents(m.net)).toBe(cents(m.revenue) - cents(m.expense));
    expect(await s.condo.json(['ledger', 'summary', '--last', '6'])).toEqual(range);
    const single = await s.condo.json(['ledger', 'summary', '--month', month]);
    expect(cents(range.months.at(-1).expense)).toBe(cents(single.total_expense));
    const csv = await s.condo.ok(['-o', 'csv', 'ledger', 'summary', '--from', from]);
    expect(csv.split('\n')[0]).toBe('MONTH,REVENUE,EXPENSE,NET');
    const screen = await runOnTerminal(
      s.condo,
      ['ledger', 'summary', '--from', from],
      [],
      {},
      { cols: 100, rows: 40 },
    );
    expect(screen.output).toContain('█');
    expect(screen.output).toContain('▒');
    expect(await s.condo.ok(['ledger', 'summary', '--from', from])).not.toContain('█');
    expect((await s.condo.run(['ledger', 'summary', '--month', month, '--from', from])).exitCode).toBe(2);
    expect((await s.condo.run(['ledger', 'summary', '--from', month, '--to', from])).exitCode).toBe(2);
  });

  test('statements list and show: the imports that ran and what stayed unmatched', async () => {
    const ofx = join(s.condo.configDir, 'extrato.ofx');
    await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', ofx, '--force']);
    const account = (await s.condo.json('bank-accounts list')).find((a: any) => a.is_payment_account).id;
    const imported = await s.condo.json(['statements', 'import', ofx, '--account', String(account)]);
    const list = await s.condo.json('statements list');
    expect(list[0]).toMatchObject({
      statement_id: imported.statement_id,
      bank_account_id: account,
      unmatched: imported.unmatched,
    });
    const shown = await s.condo.json(['statements', 'show', imported.statement_id]);
    expect(shown.unmatched_transactions.map((m: any) => m.movement_id)).toEqual(
      imported.unmatched_transactions.map((m: any) => m.movement_id),
    );
    const screen = await s.condo.ok(['-o', 'table', 'statements', 'show', imported.statement_id]);
    expect(screen).toMatch(new RegExp(`^Unmatched now +${imported.unmatched_transactions.length}$`, 'm'));
    for (const m of imported.unmatched_transactions) expect(screen).toContain(m.fitid);
    expect((await s.condo.json(['statements', 'list', '--account', '999'])).length).toBe(0);
    expect((await s.condo.run(['statements', 'show', '01M0000000000000000000000A'])).exitCode).toBe(4);
  });
});
