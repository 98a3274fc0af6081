import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { addDays, todayIn } from '../../src/domain/dates.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * #28 point 4, the run's safety checks, as an accountant meets them: the preview warns about a payable the bank
 * refused whose supplier was not corrected, one paid long before its due date, and a duplicate bill; after the
 * bank says a boleto is already paid (ZK), marking it again is refused until --force.
 */

let s: Session;
let account: number;
let supplier: { id: number; bank: { code: string; agency: string; account: string } };
const today = todayIn(new Date());

beforeAll(async () => {
  s = await sandboxSession();
  account = await leafExpenseAccount(s.condo);
  supplier = (await s.condo.json('suppliers list')).find((x: any) => x.bank && x.document);
});
afterAll(() => s.close());

const create = (args: string[]) =>
  s.condo.json(['payables', 'create', '--chart-account', String(account), ...args]);

/** Batches what is marked, plays the bank rejecting `reject` (SEU:CODE), and imports its return. */
async function payWithRejection(reject: string): Promise<void> {
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, `${batch.public_id}.rem`);
  const ret = join(s.condo.configDir, `${batch.public_id}.ret`);
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  await s.condo.ok(['sandbox', 'bank-return', rem, '-O', ret, '--reject', reject]);
  await s.condo.needsPerson(['batches', 'import-return', ret]);
}

const preview = async () => s.condo.json('batches create --dry-run --date next-business-day');
const warningsOf = (p: any, id: string) =>
  p.warnings.filter((w: any) => w.public_id === id).map((w: any) => w.kind);

describe('the preview warns before money moves', () => {
  test('rejected for a bad account and marked again unchanged: warned until the supplier is corrected', async () => {
    const ted = await create([
      ...['--supplier', String(supplier.id), '--method', 'ted', '--amount', '410,00'],
      ...['--due', '+3d', '--description', 'Manutenção do portão'],
    ]);
    await s.condo.ok(['payables', 'mark', ted.public_id]);
    await payWithRejection(`${ted.public_id}:AN`);
    expect((await s.condo.json(['payables', 'show', ted.public_id])).last_return.code).toBe('AN');

    await s.condo.ok(['payables', 'mark', ted.public_id]);
    const before = await preview();
    const warning = before.warnings.find((w: any) => w.public_id === ted.public_id);
    expect(warning).toMatchObject({ kind: 'rejected_unchanged' });
    expect(warning.message).toContain('AN');
    expect(warning.message).toContain('the bank account is still the one it refused');
    const shown = await s.condo.run([
      '-o',
      'table',
      'batches',
      'create',
      '--dry-run',
      '--date',
      'next-business-day',
    ]);
    expect(shown.stderr).toContain(`warning: ${ted.public_id}: the bank rejected it on`);

    await s.condo.ok(['suppliers', 'update', String(supplier.id), '--account', '7654321-0']);
    expect(warningsOf(await preview(), ted.public_id)).not.toContain('rejected_unchanged');
    await s.condo.ok(['payables', 'unmark', ted.public_id]);
  });

  test('paid more than 7 days early, and a duplicate bill, are named per payable', async () => {
    const due = addDays(today, 40);
    const bill = [
      ...['--supplier', String(supplier.id), '--method', 'ted', '--amount', '1.234,56'],
      ...['--due', due, '--description', 'Elevador: manutenção mensal'],
    ];
    const first = await create(bill);
    const second = await create(bill);
    await s.condo.ok(['payables', 'mark', first.public_id]);
    const p = await preview();
    expect(warningsOf(p, first.public_id)).toEqual(expect.arrayContaining(['early', 'duplicate']));
    const dup = p.warnings.find((w: any) => w.public_id === first.public_id && w.kind === 'duplicate');
    expect(dup.message).toContain(
      `the same supplier, amount and due date as payable ${second.public_id} (pending)`,
    );
    // the number of days is the profile's to set
    await s.condo.ok('config set early_payment_days 60');
    expect(warningsOf(await preview(), first.public_id)).not.toContain('early');
    await s.condo.ok('config unset early_payment_days');
    await s.condo.ok(['payables', 'unmark', first.public_id]);
  });
});

describe('a boleto the bank says is already paid (ZK)', () => {
  test('the advice names the risk, and marking it again needs --force', async () => {
    const due = addDays(today, 5);
    const boleto = buildBoleto({
      bankCode: '237',
      dueDate: due,
      amountCents: 32_150,
      freeField: '3381260007827136500000000',
    });
    const p = await create([
      ...['--supplier', String(supplier.id), '--method', 'boleto', '--amount', '321,50'],
      ...['--due', due, '--document', boleto.linhaDigitavel, '--description', 'Rateio do muro'],
    ]);
    await s.condo.ok(['payables', 'mark', p.public_id]);
    const batch = await s.condo.json('batches create --date next-business-day --yes');
    const rem = join(s.condo.configDir, 'zk.rem');
    const ret = join(s.condo.configDir, 'zk.ret');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    await s.condo.ok(['sandbox', 'bank-return', rem, '-O', ret, '--reject', `${p.public_id}:ZK`]);
    const imported = await s.condo.run(['batches', 'import-return', ret]);
    expect(imported.exitCode).toBe(1);
    expect(imported.stderr).toContain(
      'the bank says this boleto is already paid: check the statement before paying it again',
    );
    expect(imported.stderr).not.toContain('--document');

    const again = await s.condo.run(['payables', 'mark', p.public_id]);
    expect(again.exitCode).toBe(5);
    expect(again.stdout).toContain('settled_by_the_bank');
    expect((await s.condo.json(['payables', 'show', p.public_id])).state).toBe('pending');
    await s.condo.ok(['payables', 'mark', p.public_id, '--force']);
    expect((await s.condo.json(['payables', 'show', p.public_id])).state).toBe('marked_for_remessa');
  });
});
