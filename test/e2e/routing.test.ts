import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jsonLines, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/**
 * #11 points 1 and 2: bank files routed by their content. A return finds its batch by its payments' seu números
 * (confirmed by the paying account in its header); a statement finds its account by the bank and account it
 * names. Many files in one run, one result each, the exit code the worst; a re-run changes nothing.
 */

let s: Session;
let dir: string;

beforeAll(async () => {
  s = await sandboxSession({ bills: true });
  dir = s.condo.configDir;
});
afterAll(() => s.close());

/** A bank account of the condominium that is not the payment account (the statements test's second file). */
const accounts = async () => (await s.condo.json('bank-accounts list')) as any[];

/** Statements named for nothing but their date, one per account, and one for an account nobody has. */
async function statements(): Promise<string[]> {
  const [payment, savings] = [
    (await accounts()).find((a) => a.is_payment_account),
    (await accounts()).find((a) => !a.is_payment_account),
  ];
  const files = [join(dir, '2026-11-24.ofx'), join(dir, '2026-11-24-2.ofx'), join(dir, '2026-11-24-3.ofx')];
  await s.condo.ok([
    'sandbox',
    'statement',
    '--data-dir',
    s.dataDir,
    '--account',
    String(payment.id),
    '-O',
    files[0] as string,
    '--force',
  ]);
  await s.condo.ok([
    'sandbox',
    'statement',
    '--data-dir',
    s.dataDir,
    '--account',
    String(savings.id),
    '-O',
    files[1] as string,
    '--force',
  ]);
  await writeFile(
    files[2] as string,
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>237<ACCTID>99999-9</BANKACCTFROM><BANKTRANLIST><DTSTART>20261101<DTEND>20261124<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-10.00<FITID>X1<MEMO>x</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20261124</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
  );
  return files;
}

describe('statements import FILE...: the account the file names', () => {
  test('each file lands in its account; a file for none is refused naming it; the others still go in', async () => {
    const files = await statements();
    const [payment, savings] = [
      (await accounts()).find((a) => a.is_payment_account),
      (await accounts()).find((a) => !a.is_payment_account),
    ];
    const r = await s.condo.run(['--json', 'statements', 'import', ...files]);
    expect(r.exitCode).toBe(2);
    const results = jsonLines(r.stdout);
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ file: files[0], bank_account_id: payment.id, replayed: false });
    expect(results[1]).toMatchObject({ file: files[1], bank_account_id: savings.id, replayed: false });
    expect(results[2]).toMatchObject({ file: files[2], exit_code: 2 });
    expect(r.stderr).toContain(
      `${files[2]}: the file names bank 237 account 99999-9, none of this condominium's accounts:`,
    );
    expect(r.stderr).toContain('give --account');
    // the cron job runs again: nothing imported twice
    const again = await s.condo.run(['--json', 'statements', 'import', ...files.slice(0, 2)]);
    expect(again.exitCode).toBe(0);
    expect(jsonLines(again.stdout).map((l) => l.replayed)).toEqual([true, true]);
    // --account still decides when given, and a file for another account is still refused by the server
    const forced = await s.condo.run([
      'statements',
      'import',
      files[0] as string,
      '--account',
      String(savings.id),
    ]);
    expect(forced.exitCode).toBe(2);
    expect(forced.stderr).toContain('add --force');
  });
});

describe('batches import-return FILE...: the batch the payments name', () => {
  test('a folder of returns goes in with one command; a stranger file is refused; a re-run changes nothing', async () => {
    // two remittances of this month, their returns named for nothing but the day they came
    const pending = (await s.condo.json('payables list --state pending --method pix,ted,doc,boleto')).map(
      (p: any) => p.public_id,
    );
    const half = Math.ceil(pending.length / 2);
    const batchFor = async (ids: string[], name: string, answer: string[]) => {
      await s.condo.ok(['payables', 'mark', ...ids]);
      const batch = await s.condo.json('batches create --date next-business-day --yes');
      const rem = join(dir, `${name}.rem`);
      const ret = join(dir, `${name}.ret`);
      await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem, '--force']);
      await returnOnItsDate(s.condo, [rem, '-O', ret, '--force', ...answer]);
      return { batch, ret, count: ids.length };
    };
    // the first holds the payable the seed's batch rejected, sent again: its seu número is in both batches, and
    // the return still goes to the batch waiting for an answer on it
    const a = await batchFor(pending.slice(0, half), '20261125', ['--schedule-only']);
    const b = await batchFor(pending.slice(half), '20261126', []);
    const stranger = join(dir, '20261127.ret');
    await writeFile(stranger, 'not a return\n');

    const r = await s.condo.run(['--json', 'batches', 'import-return', a.ret, b.ret, stranger]);
    expect(r.exitCode).toBe(2);
    const results = jsonLines(r.stdout);
    expect(results[0]).toMatchObject({ file: a.ret, scheduled: a.count, replayed: false });
    expect(results[0].batch.public_id).toBe(a.batch.public_id);
    expect(results[1]).toMatchObject({ file: b.ret, paid: b.count, replayed: false });
    expect(results[1].batch.public_id).toBe(b.batch.public_id);
    expect(results[2]).toMatchObject({ file: stranger, exit_code: 2 });
    expect(r.stderr).toMatch(new RegExp(`error: ${stranger}: line 1: `));
    const [ret, seeded] = [a.ret, b.ret]; // for the re-run below

    const again = await s.condo.run(['--json', 'batches', 'import-return', ret, seeded]);
    expect(again.exitCode).toBe(0);
    expect(jsonLines(again.stdout).map((l) => l.replayed)).toEqual([true, true]);
  });

  test('an id given is checked against the content before anything is sent', async () => {
    const [newest, older] = await s.condo.json('batches list');
    const returnsBefore = (await s.condo.json(['batches', 'show', older.public_id])).returns.length;
    const ret = join(dir, '20261126.ret'); // the newest batch's
    const r = await s.condo.run(['batches', 'import-return', older.public_id, ret]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`are not in batch ${older.public_id} .*nothing was sent`));
    expect((await s.condo.json(['batches', 'show', older.public_id])).returns.length).toBe(returnsBefore);
    expect((await s.condo.run(['batches', 'import-return', newest.public_id, ret])).exitCode).toBe(0);
  });

  test('payments in no batch: refused naming the file', async () => {
    const rem = join(dir, '20261125.rem');
    const text = (await import('node:fs/promises')).readFile;
    const orphan = join(dir, 'orphan.ret');
    await returnOnItsDate(s.condo, [rem, '-O', orphan, '--force']);
    // another seu número in every payment line: a return of payments this condominium never sent
    const lines = (await text(orphan, 'latin1')).split('\r\n');
    const altered = lines.map((l) =>
      l[7] === '3' && (l[13] === 'A' || l[13] === 'J')
        ? `${l.slice(0, 73)}${'Z'.repeat(20)}${l.slice(93)}`
        : l,
    );
    await writeFile(orphan, altered.join('\r\n'), 'latin1');
    const r = await s.condo.run(['batches', 'import-return', orphan]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/orphan\.ret: its \d+ payments are in no batch of this condominium/);
  });
});
