import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodeOfx from 'node-ofx-parser';
import * as ofxJs from 'ofx-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/**
 * `condo sandbox statement` (#17 point 6): the month's statement of the payment account, as the bank would send
 * it, accepted by two independent OFX readers, and matched by reconciliation when imported.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

interface Movement {
  date: string;
  cents: number;
  fitid: string;
}

/** STMTTRN as the readers give it: one object, or a list. */
function movements(parsed: any): { start: string; end: string; list: Movement[] } {
  const list = parsed.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST;
  const raw = Array.isArray(list.STMTTRN) ? list.STMTTRN : [list.STMTTRN];
  return {
    start: String(list.DTSTART).slice(0, 8),
    end: String(list.DTEND).slice(0, 8),
    list: raw.map((t: any) => ({
      date: String(t.DTPOSTED).slice(0, 8),
      cents: Math.round(Number(t.TRNAMT) * 100),
      fitid: String(t.FITID),
    })),
  };
}

test("the month's OFX is read alike by ofx-js, node-ofx-parser and condo; every date inside its period", async () => {
  const file = join(s.condo.configDir, 'extrato.ofx');
  const written = await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', file]);
  expect(written.trim()).toBe(file);
  const text = await readFile(file, 'latin1');
  expect(text).not.toMatch(/<(MEMO|NAME|CHECKNUM)>\r\n/); // no empty element

  const a = movements(await ofxJs.parse(text));
  const b = movements(nodeOfx.parse(text));
  expect(b).toEqual(a);
  expect(a.list.length).toBeGreaterThan(2);
  for (const m of a.list) {
    expect(m.date >= a.start && m.date <= a.end, `${m.fitid} on ${m.date}`).toBe(true);
  }
  const own = await s.condo.json(['statements', 'import', file, '--dry-run']);
  expect(own).toMatchObject({ format: 'ofx', transactions: a.list.length, errors: [] });
  expect(own.net_amount_cents).toBe(a.list.reduce((sum, m) => sum + m.cents, 0));

  // Imported, the ledger's movements reconcile; the two the ledger does not know stay unmatched.
  const account = (await s.condo.json('bank-accounts list')).find((x: any) => x.is_payment_account).id;
  const imported = await s.condo.json(['statements', 'import', file, '--account', String(account)]);
  expect(imported).toMatchObject({ transactions: a.list.length, unmatched: 2 });
  expect(imported.reconciled).toBe(a.list.length - 2);
});

test('as CSV: the same movements, read by condo with a header it knows; an existing file is kept', async () => {
  const file = join(s.condo.configDir, 'extrato.csv');
  await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '--format', 'csv', '-O', file]);
  const ofx = await s.condo.json([
    'statements',
    'import',
    join(s.condo.configDir, 'extrato.ofx'),
    '--dry-run',
  ]);
  const csv = await s.condo.json(['statements', 'import', file, '--dry-run']);
  expect(csv).toMatchObject({ format: 'csv', transactions: ofx.transactions, errors: [] });
  expect(csv.net_amount_cents).toBe(ofx.net_amount_cents);
  const again = await s.condo.run([
    'sandbox',
    'statement',
    '--data-dir',
    s.dataDir,
    '--format',
    'csv',
    '-O',
    file,
  ]);
  expect(again.exitCode).toBe(2);
  expect(again.stderr).toMatch(/already exists/);
  const nowhere = await s.condo.run([
    'sandbox',
    'statement',
    '--data-dir',
    join(s.dataDir, 'nope'),
    '-O',
    '-',
  ]);
  expect(nowhere.exitCode).toBe(2);
  expect(nowhere.stderr).toMatch(/no sandbox data in/);
});
