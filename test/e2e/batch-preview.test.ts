import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nextBusinessDay } from '../../src/domain/business-days.js';
import { addDays } from '../../src/domain/dates.js';
import { leafExpenseAccount, type Session, sandboxSession, withoutExtension } from './harness.js';
import { runOnTerminal } from './tty.js';

/** #10 point 1: a batch is previewed, confirmed on a terminal, paid on a business day, and can be taken back. */

let s: Session;
let account: number;
let supplier: number;

beforeAll(async () => {
  s = await sandboxSession();
  account = await leafExpenseAccount(s.condo);
  supplier = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document).id;
});
afterAll(() => s.close());

/** Two TED payables to the seeded supplier with bank data, marked for the next remittance. */
async function markTwo(tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (const amount of ['1.000,00', '250,50']) {
    const created = await s.condo.json([
      'payables',
      'create',
      '--supplier',
      String(supplier),
      '--chart-account',
      String(account),
      '--method',
      'ted',
      '--amount',
      amount,
      '--due',
      // more than 7 days after the next business day whatever today is: due in 10, a Friday's batch paid on
      // Monday exactly 7 days early, which is not early
      '+14d',
      '--description',
      `${tag} ${amount}`,
    ]);
    ids.push(created.public_id);
  }
  await s.condo.ok(['payables', 'mark', ...ids]);
  return ids;
}

const batchCount = async () => (await s.condo.json('batches list --all')).length;

/** The next Saturday from the sandbox's today. */
function saturday(): string {
  let d = addDays(new Date().toISOString().slice(0, 10), 1);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
}

describe('preview, business days, confirmation', () => {
  test('a Saturday is refused before anything is sent, naming the next business day', async () => {
    await markTwo('Sábado');
    const before = await batchCount();
    const date = saturday();
    const r = await s.condo.run(['batches', 'create', '--date', date]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `--date: ${date} is a Saturday, not a bank business day; the next one is ${nextBusinessDay(date)}`,
    );
    expect(await batchCount()).toBe(before);
  });

  test('--dry-run shows each payment, the totals per forma and the warnings, and creates nothing', async () => {
    const before = await batchCount();
    const preview = await s.condo.json('batches create --dry-run --date next-business-day');
    expect(preview.count).toBeGreaterThanOrEqual(2);
    expect(preview.by_forma.find((f: any) => f.forma === 'ted').count).toBeGreaterThanOrEqual(2);
    expect(preview.payments[0]).toMatchObject({ forma: 'ted', payee_name: expect.any(String) });
    expect(preview.total_cents).toBe(preview.payments.reduce((n: number, p: any) => n + p.amount_cents, 0));
    const table = await s.condo.run([
      '-o',
      'table',
      'batches',
      'create',
      '--dry-run',
      '--date',
      'next-business-day',
    ]);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/\d+ payments, R\$ [\d.]+,\d\d, paid on \d\d\/\d\d\/\d{4}: ted \d+ \(R\$/);
    expect(table.stderr).toContain('dry run: nothing was created');
    expect(await batchCount()).toBe(before);
  });

  test('on a terminal it asks first: no creates nothing, yes creates the batch', async () => {
    const before = await batchCount();
    const declined = await runOnTerminal(
      s.condo,
      ['batches', 'create', '--date', 'next-business-day'],
      [[/Create the remittance: \d+ payments/, 'n']],
    );
    // a person's no: refused, nothing done (2)
    expect(declined.exitCode).toBe(2);
    expect(declined.output).toContain('nothing created');
    expect(await batchCount()).toBe(before);
    const accepted = await runOnTerminal(
      s.condo,
      ['batches', 'create', '--date', 'next-business-day'],
      [[/Create the remittance/, 'y']],
    );
    expect(accepted.exitCode, accepted.output).toBe(0);
    expect(accepted.output).toMatch(/batch [0-9A-Z]{26}: \d+ payables/);
    expect(await batchCount()).toBe(before + 1);
  });
});

describe('asked in Portuguese', () => {
  test('s (sim) says yes and não says no, shown as (s/N) and answered sim or não', async () => {
    await markTwo('Sim');
    const before = await batchCount();
    const declined = await runOnTerminal(
      s.condo,
      ['--lang', 'pt-BR', 'batches', 'create', '--date', 'next-business-day'],
      [[/Criar a remessa[\s\S]*\(s\/N\)/, 'não']],
    );
    expect(declined.exitCode, declined.output).toBe(2);
    expect(await batchCount()).toBe(before);
    const accepted = await runOnTerminal(
      s.condo,
      ['--lang', 'pt-BR', 'batches', 'create', '--date', 'next-business-day'],
      [[/Criar a remessa[\s\S]*\(s\/N\)/, 's']],
    );
    expect(accepted.exitCode, accepted.output).toBe(0);
    expect(accepted.output).toContain('sim');
    // the preview before the question is in Portuguese too (its headings were English)
    expect(accepted.output).toContain('CONTA A PAGAR');
    expect(accepted.output).toContain('VENCIMENTO');
    expect(accepted.output).not.toContain('PAYABLE');
    expect(accepted.output).not.toMatch(/\bYes\b|\bNo\b|y\/N/);
    expect(await batchCount()).toBe(before + 1);
  });
});

describe('asked by nobody', () => {
  test('--yes in a script still says the preview’s warnings on stderr, then creates the batch', async () => {
    const ids = await markTwo('Cron');
    const before = await batchCount();
    const r = await s.condo.run(['batches', 'create', '--date', 'next-business-day', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^[0-9A-Z]{26}$/);
    // due in 14 days, paid on the next business day: early, as --dry-run would have said
    for (const id of ids) expect(r.stderr).toMatch(new RegExp(`warning: ${id}: .*early`));
    expect(await batchCount()).toBe(before + 1);
  });

  test('many warnings of one kind are one line with their count and the command that lists each (#53)', async () => {
    const ids = [...(await markTwo('Muitos A')), ...(await markTwo('Muitos B'))];
    const r = await s.condo.run([
      '--lang',
      'pt-BR',
      'batches',
      'create',
      '--date',
      'next-business-day',
      '--dry-run',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => /muito antes do vencimento|early/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /4 pagamentos saem muito antes do vencimento .*cada um: condo batches create --dry-run --date \d{4}-\d\d-\d\d --json/,
    );
    for (const id of ids) expect(r.stderr).not.toContain(id);
    // the command it names lists each one
    const json = JSON.parse(
      (await s.condo.run(['batches', 'create', '--dry-run', '--date', 'next-business-day', '--json'])).stdout,
    );
    expect(
      json.warnings
        .filter((w: { kind: string }) => w.kind === 'early')
        .map((w: { public_id: string }) => w.public_id),
    ).toEqual(expect.arrayContaining(ids));
    await s.condo.ok(['payables', 'unmark', ...ids]);
  });

  test('a night with nothing marked: --allow-empty is a quiet exit 0 and no batch; without it, exit 2', async () => {
    expect(await s.condo.json('payables list --state marked_for_remessa')).toEqual([]);
    const before = await batchCount();
    const quiet = await s.condo.run([
      '--json',
      'batches',
      'create',
      '--date',
      'next-business-day',
      '--yes',
      '--allow-empty',
    ]);
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toContain('nothing is marked for remittance: no batch created');
    const strict = await s.condo.run(['batches', 'create', '--date', 'next-business-day', '--yes']);
    expect(strict.exitCode).toBe(2);
    expect(await batchCount()).toBe(before);
  });
});

describe('cancel', () => {
  test('a batch taken back before any return: its payables are marked again; twice or after a return is refused', async () => {
    const ids = await markTwo('Cancelar');
    const batch = await s.condo.json('batches create --date next-business-day');
    const noTty = await s.condo.run(['batches', 'cancel', batch.public_id]);
    expect(noTty.exitCode).toBe(2);
    expect(noTty.stderr).toContain('--yes is required');

    const canceled = await s.condo.json(['batches', 'cancel', batch.public_id, '--yes']);
    expect(canceled.state).toBe('canceled');
    for (const id of ids)
      expect((await s.condo.json(['payables', 'show', id])).state).toBe('marked_for_remessa');
    const again = await s.condo.run(['batches', 'cancel', batch.public_id, '--yes']);
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('already canceled');

    // a batch the bank answered for cannot be canceled
    const next = await s.condo.json('batches create --date next-business-day');
    const rem = `${s.condo.configDir}/c.rem`;
    const ret = `${s.condo.configDir}/c.ret`;
    await s.condo.ok(['batches', 'download', next.public_id, '-O', rem]);
    await s.condo.ok(['sandbox', 'bank-return', rem, '-O', ret]);
    await s.condo.ok(['batches', 'import-return', next.public_id, ret]);
    const late = await s.condo.run(['batches', 'cancel', next.public_id, '--yes']);
    expect(late.exitCode).toBe(5);
    expect(late.stderr).toMatch(/has a return imported/);
  });

  test('a server without the extension: said plainly', async () => {
    // A server that follows the spec only: everything passes through, but the cancel route does not exist.
    const spec = await withoutExtension(s, (req) => Boolean(req.url?.endsWith('/cancel')), 404);
    try {
      await markTwo('Outro servidor');
      const batch = await s.condo.json('batches create --date next-business-day');
      const r = await s.condo.run(['--base-url', spec.url, 'batches', 'cancel', batch.public_id, '--yes']);
      // the route is not there: not found (4)
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toContain(
        'this server cannot cancel a batch (batches cancel is an extension of the condo sandbox)',
      );
    } finally {
      spec.close();
    }
  });
});
