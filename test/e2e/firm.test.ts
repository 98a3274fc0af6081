import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { formatReais } from '../../src/domain/money.js';
import { jsonLines, returnOnItsDate, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #11: the accounting firm's month. The sandbox plays a firm of five condominiums (the two seeded ones and three
 * of the firm's), `sandbox credentials --write-profiles` gives each a profile, and the CLI answers across them:
 * one table for a read, each bank file of a folder into its condominium, the month report per condominium.
 */

const FIRM = ['edificio-ipe-amarelo', 'residencial-bela-vista', 'edificio-solar-das-palmeiras'];
let s: Session;
let inbox: string;

beforeAll(async () => {
  // on the 15th: the month has bills paid behind today and bills due ahead of it, whatever day the suite runs
  s = await sandboxSession({ bills: true, condominiums: 2 + FIRM.length, midMonth: true });
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  inbox = join(s.condo.configDir, 'banco');
  await mkdir(inbox);
});
afterAll(() => s.close());

describe('the sandbox plays a firm', () => {
  test('one profile per condominium, each with the client that may do everything there', async () => {
    const profiles = (await s.condo.ok('config list'))
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    const named = profiles.filter(([name, , , condominium]) => name === condominium).map(([name]) => name);
    expect(named.sort()).toEqual(['edificio-aurora', 'residencial-jardim-botanico', ...FIRM].sort());
    const ipe = await s.condo.json(['--profile', 'edificio-ipe-amarelo', 'bank-accounts', 'list']);
    expect(ipe.map((a: any) => a.name)).toEqual(['Conta corrente', 'Poupança - fundo de reserva']);
  });
});

describe('reads across profiles', () => {
  test('--all-profiles payables list: one table with a CONDOMINIUM column, every condominium once', async () => {
    const csv = (await s.condo.ok('-o csv --all-profiles payables list')).trim().split('\n');
    expect(csv[0]?.startsWith('CONDOMINIUM,ID,STATE')).toBe(true);
    const condominiums = new Set(csv.slice(1).map((l) => l.split(',')[0]));
    // the default profile and residencial-jardim-botanico are the same condominium: asked once
    expect([...condominiums].sort()).toEqual(['residencial-jardim-botanico', ...FIRM].sort());
    const json = await s.condo.json('--all-profiles payables list');
    expect(json.map((c: any) => c.condominium).sort()).toEqual(
      ['edificio-aurora', 'residencial-jardim-botanico', ...FIRM].sort(),
    );
    const jardim = json.find((c: any) => c.condominium === 'residencial-jardim-botanico');
    expect(jardim.rows.length).toBeGreaterThan(3);
    expect(jardim.rows[0]).toHaveProperty('public_id');
  });

  test('--profiles a,b: those only, in that order; the month of the ledger side by side', async () => {
    const out = await s.condo.ok([
      '--profiles',
      FIRM.slice(0, 2).join(','),
      'ledger',
      'summary',
      '--last',
      '2',
    ]);
    const rows = out
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => r[0])).toEqual([FIRM[0], FIRM[0], FIRM[1], FIRM[1]]);
    expect(rows.every((r) => /^\d{4}-\d\d$/.test(r[1] as string))).toBe(true);
  });

  test('a profile that cannot answer is said on stderr and in the exit code; the others still answer', async () => {
    const path = join(s.condo.configDir, 'config.json');
    const config = JSON.parse(await readFile(path, 'utf8'));
    config.profiles.broken = { ...config.profiles[FIRM[0] as string], condominium: 'nao-existe' };
    await writeFile(path, JSON.stringify(config));
    try {
      const r = await s.condo.run('--all-profiles bank-accounts list');
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).toMatch(/error: broken: /);
      expect(r.stderr).toContain('5 of 6 condominiums answered; 1 failed (above)');
      expect(
        new Set(
          r.stdout
            .trim()
            .split('\n')
            .map((l) => l.split('\t')[0]),
        ).size,
      ).toBe(5);
    } finally {
      delete config.profiles.broken;
      await writeFile(path, JSON.stringify(config));
    }
  });

  test('said plainly: an unknown profile, and a verb that runs on one condominium', async () => {
    const unknown = await s.condo.run('--profiles edificio-aurora,nope payables list');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('--profiles: no profile "nope" (see condo config list)');
    const one = await s.condo.run('--all-profiles payables mark X');
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toContain('"condo payables mark" runs on one condominium');
  });
});

/** What the bank hands back for one of the firm's condominiums: a return and a statement, named by date. */
async function bankFiles(profile: string, day: string) {
  const as = ['--profile', profile];
  const due = await s.condo.json([...as, 'payables', 'list', '--method', 'pix,ted']);
  await s.condo.ok([...as, 'payables', 'mark', ...due.map((p: any) => p.public_id)]);
  const batch = await s.condo.json([...as, 'batches', 'create', '--date', 'next-business-day', '--yes']);
  const rem = join(s.condo.configDir, `${profile}.rem`);
  const ret = join(inbox, `${day}.ret`);
  const ofx = join(inbox, `${day}.ofx`);
  await s.condo.ok([...as, 'batches', 'download', batch.public_id, '-O', rem]);
  await returnOnItsDate(s.condo, [rem, '-O', ret]);
  await s.condo.ok(['sandbox', 'statement', '--condominium', profile, '--data-dir', s.dataDir, '-O', ofx]);
  const account = (await s.condo.json([...as, 'bank-accounts', 'list'])).find(
    (a: any) => a.is_payment_account,
  );
  return {
    profile,
    batch: batch.public_id as string,
    account: account.id as number,
    ret,
    ofx,
    paid: due.length,
  };
}

describe('a folder of returns and statements for three condominiums, one command', () => {
  test('every file lands in its condominium and batch or account; a stranger is refused; a re-run changes nothing', async () => {
    const expected = [
      await bankFiles(FIRM[0] as string, '2026-11-24'),
      await bankFiles(FIRM[1] as string, '2026-11-25'),
      await bankFiles(FIRM[2] as string, '2026-11-26'),
    ];
    const stranger = join(inbox, '2026-11-27.ofx');
    await writeFile(
      stranger,
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>237<ACCTID>99999-9</BANKACCTFROM><BANKTRANLIST><DTSTART>20261101<DTEND>20261124<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-10.00<FITID>X1<MEMO>x</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20261124</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
    );
    const files = [...expected.flatMap((e) => [e.ret, e.ofx]), stranger].sort();

    const r = await s.condo.run(['--json', '--all-profiles', 'import', ...files]);
    expect(r.exitCode).toBe(2);
    const results = jsonLines(r.stdout);
    expect(results).toHaveLength(files.length);
    for (const e of expected) {
      const ret = results.find((x) => x.file === e.ret);
      expect(ret).toMatchObject({ condominium: e.profile, paid: e.paid, replayed: false });
      expect(ret.batch.public_id).toBe(e.batch);
      expect(results.find((x) => x.file === e.ofx)).toMatchObject({
        condominium: e.profile,
        bank_account_id: e.account,
        replayed: false,
      });
    }
    expect(results.find((x) => x.file === stranger)).toMatchObject({ exit_code: 2 });
    expect(r.stderr).toContain(
      `error: ${stranger}: the file names bank 237 account 99999-9, an account of none of the 5 condominiums`,
    );

    const again = await s.condo.run([
      '--json',
      '--all-profiles',
      'import',
      ...files.filter((f) => f !== stranger),
    ]);
    expect(again.exitCode).toBe(0);
    expect(jsonLines(again.stdout).map((x) => x.replayed)).toEqual(files.slice(0, -1).map(() => true));
    for (const e of expected) {
      const batch = await s.condo.json(['--profile', e.profile, 'batches', 'show', e.batch]);
      expect(batch.returns).toHaveLength(1);
    }
  });

  test('the kind verbs route across profiles too, and refuse the other kind of file', async () => {
    const ret = join(inbox, '2026-11-24.ret');
    const ofx = join(inbox, '2026-11-24.ofx');
    const r = await s.condo.run(['-o', 'table', '--all-profiles', 'batches', 'import-return', ret, ofx]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain(`${ret} → ${FIRM[0]}: paid`);
    expect(r.stderr).toContain(`${ofx}: this is a bank statement (OFX or CSV), not a CNAB 240 return`);
    const st = await s.condo.run(['--all-profiles', 'statements', 'import', ofx, '--account', '1']);
    expect(st.exitCode).toBe(2);
    expect(st.stderr).toContain('--account is one condominium');
  });
});

describe('report month', () => {
  test("one condominium's month: paid, rejected with the bank's reason, to pay, revenue, defaulters, balances", async () => {
    const month = s.today().slice(0, 7);
    const report = await s.condo.json(['report', 'month', month]);
    expect(report.condominium).toBe('residencial-jardim-botanico');
    expect(report.rejected).toEqual([
      expect.objectContaining({
        payee: 'Jardins & Cia Paisagismo Ltda',
        code: 'AN',
        amount_cents: 135000,
        still_rejected: true,
      }),
    ]);
    expect(report.still_rejected).toEqual([
      expect.objectContaining({ payee: 'Jardins & Cia Paisagismo Ltda', code: 'AN', amount_cents: 135000 }),
    ]);
    expect(report.pending.length).toBeGreaterThan(0);
    expect(report.revenue.total_cents).toBeGreaterThan(0);
    expect(report.defaulters.units).toBeGreaterThan(0);
    const accounts = await s.condo.json('bank-accounts list');
    // #52: the month stands at its cut-off (today): its end is today's balance less what the ledger dates after
    // today (the batch the bank pays on the next business day); its start is the end less what moved in it
    expect(report.cut_off).toBe(s.today());
    const ahead = await s.condo.json(['ledger', 'entries', 'list', '--from', addDays(s.today(), 1), '--all']);
    for (const b of report.balances) {
      const later = ahead
        .filter((e: any) => e.bank_account_id === b.bank_account_id)
        .reduce((n: number, e: any) => n + Math.round(e.amount * 100) * (e.type === 'revenue' ? 1 : -1), 0);
      expect(b.end_cents).toBe(
        Math.round(accounts.find((a: any) => a.id === b.bank_account_id).current_balance * 100) - later,
      );
      expect(b.start_cents + b.in_cents - b.out_cents).toBe(b.end_cents);
      expect(b.days.at(-1).end_cents).toBe(b.end_cents);
    }
    // what the bank pays after today is to pay, scheduled for its day, not paid
    expect(report.payments.every((p: any) => p.date <= s.today())).toBe(true);
    const csv = (await s.condo.ok(['-o', 'csv', 'report', 'month', month])).trim().split('\n');
    expect(csv[0]).toBe('SECTION,ITEM,DETAIL,COUNT,AMOUNT');
    expect(csv.some((l) => l.startsWith('rejected,Jardins & Cia Paisagismo Ltda,"AN '))).toBe(true);
    expect(csv.filter((l) => l.startsWith('balance at end,'))).toHaveLength(accounts.length);
  });

  test('--all-profiles: one row per condominium, the whole report per condominium in JSON', async () => {
    const out = await s.condo.ok('-o csv --all-profiles report month');
    const [header, ...rows] = out.trim().split('\n');
    expect(header).toBe('CONDOMINIUM,PAID OUT,REJECTIONS,TO PAY,REVENUE,OVERDUE,START,END');
    expect(rows).toHaveLength(5);
    const json = await s.condo.json('--all-profiles report month');
    const ipe = json.find((c: any) => c.condominium === FIRM[0]);
    expect(ipe.rows[0].paid.payments).toBeGreaterThan(0);
  });

  test('--all-profiles report month --pdf DIR: one AAAA-MM-<slug>.pdf a condominium, each listed', async () => {
    const month = s.today().slice(0, 7);
    const dir = join(s.condo.configDir, 'prestacoes');
    const out = await s.condo.ok(['-o', 'csv', '--all-profiles', 'report', 'month', month, '--pdf', dir]);
    const [header, ...rows] = out.trim().split('\n');
    // #52: a line a condominium: its file, pages, closing balance and what is pending
    expect(header).toBe('CONDOMINIUM,FILE,PAGES,END,PENDING,TO PAY,NAME');
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatch(/\.pdf,[4-9],-?\d+\.\d\d,\d+,\d+\.\d\d,/);
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(5);
    for (const slug of FIRM) expect(files).toContain(`${month}-${slug}.pdf`);
    for (const f of files) expect((await readFile(join(dir, f))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the firm’s table shows each amount whole: only a column of ids is cut to its ends', async () => {
    // the first column was taken for ids and cut to its last digits: R$ 26.080,37 showed as 608037
    const table = await s.condo.ok('-o table --all-profiles report month');
    const json = await s.condo.json('--all-profiles report month');
    for (const c of json) expect(table).toContain(` ${formatReais(c.rows[0].paid.total_cents)} │`);
    const units = await s.condo.ok('-o table --all-profiles defaulters');
    expect(units, units).toMatch(/Bloco [AB] - \d{3}/);
  });

  test('too narrow for the firm’s table, each record a block that names its condominium and id whole', async () => {
    const json = await s.condo.json('--all-profiles payables list --state pending --limit 1');
    const screen = await runOnTerminal(
      s.condo,
      ['--lang', 'pt-BR', '--all-profiles', 'payables', 'list', '--state', 'pending', '--limit', '1'],
      [],
      {},
      { cols: 50, rows: 40 },
    );
    // the table's short forms (the slug's prefix, the id's last digits) are for a table only
    const plain = screen.output.replace(/\x1b\[[0-9;]*m/g, '');
    const listed = json.filter((c: { rows?: unknown[] }) => (c.rows?.length ?? 0) > 0);
    expect(listed.length).toBeGreaterThan(1);
    for (const c of listed) {
      expect(plain).toContain(`CONDOMÍNIO  ${c.condominium}\r\n`);
      expect(plain).toContain(`ID          ${c.rows[0].public_id}\r\n`);
    }
  });
});

describe('service invoices across the firm (#55)', () => {
  test('--all-profiles nfse import: each invoice to the condominium it names as taker; deadlines for the firm', async () => {
    const folder = join(s.condo.configDir, 'notas-firma');
    const other = FIRM[0] as string;
    for (const slug of ['residencial-jardim-botanico', other])
      await s.condo.ok([
        'sandbox',
        'nfse',
        '--data-dir',
        s.dataDir,
        '--condominium',
        slug,
        '--month',
        '10/2025',
        '-O',
        join(folder, slug),
      ]);
    const files = [join(folder, 'residencial-jardim-botanico'), join(folder, other)];
    const r = await s.condo.run([
      '--json',
      '--all-profiles',
      'nfse',
      'import',
      ...files,
      '--create-suppliers',
      '--chart-account',
      '2.3.02',
      '--accept-computed',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const whose = (l: any) => `${l.condominium} ${l.file.includes(other) ? 'other' : 'jardim'}`;
    expect(new Set(out.invoices.map(whose))).toEqual(
      new Set(['residencial-jardim-botanico jardim', `${other} other`]),
    );
    expect(out.invoices.every((l: any) => l.status === 'created' || l.status === 'linked')).toBe(true);
    const deadlines = await s.condo.json(['--all-profiles', 'nfse', 'deadlines', '--month', '10/2025']);
    const withINSS = deadlines.filter((c: any) => c.rows?.some((row: any) => row.what === 'INSS'));
    expect(withINSS.map((c: any) => c.condominium).sort()).toEqual(
      [other, 'residencial-jardim-botanico'].sort(),
    );
  });
});
