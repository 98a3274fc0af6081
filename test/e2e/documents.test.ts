import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBoleto, dueDateWindow } from '../../src/domain/boleto/index.js';
import { nextBusinessDay } from '../../src/domain/business-days.js';
import { todayIn } from '../../src/domain/dates.js';
import { arrecadacao } from '../unit/formats/cnab240/fixtures.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * What users type is checked at the door (#17): a boleto payable must agree with its own barcode, and an invoice's
 * boleto must fit FEBRABAN's limits, in the CLI before anything is sent and in the sandbox for any other client.
 */

let s: Session;
let supplier: number;
let account: number;
const today = todayIn(new Date());
const inDays = (n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const due = inDays(10);
/** A boleto of another bank for R$ 456,78, due in 10 days. */
const boleto = buildBoleto({
  bankCode: '237',
  dueDate: due,
  amountCents: 45_678,
  freeField: '3381260007827136500000000',
});

beforeAll(async () => {
  s = await sandboxSession();
  supplier = (await s.condo.json('suppliers list')).find((x: any) => x.document).id;
  account = await leafExpenseAccount(s.condo);
});
afterAll(() => s.close());

const create = (extra: string[]) =>
  s.condo.run([
    'payables',
    'create',
    '--supplier',
    String(supplier),
    '--chart-account',
    String(account),
    '--method',
    'boleto',
    '--description',
    'Conta de gás',
    ...extra,
  ]);
const pendingCount = async () => (await s.condo.json('payables list --state pending')).length;

describe('a boleto payable and its document', () => {
  test('a wrong check digit is refused at create, naming --document, and nothing is sent', async () => {
    const before = await pendingCount();
    const linha = boleto.linhaDigitavel;
    const wrong = `${linha.slice(0, 9)}${(Number(linha[9]) + 1) % 10}${linha.slice(10)}`;
    const r = await create(['--amount', '456,78', '--document', wrong]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --document is not a valid boleto barcode or linha digitável: .*field 1/m,
    );
    expect(r.stderr).toContain('nothing was sent');
    expect(await pendingCount()).toBe(before);
  });

  test('an amount the boleto does not carry is refused naming both values, by the CLI and by the sandbox', async () => {
    const r = await create(['--amount', '400,00', '--document', boleto.linhaDigitavel]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      '--amount: the boleto is for R$ 456,78 but amount - discount + fine + interest is R$ 400,00',
    );
    // Another client, straight at the API: the same rule, a 422 naming the field.
    const api = await s.condo.run([
      'api',
      'POST',
      'payables',
      '-F',
      `chart_of_accounts_id=${account}`,
      '-F',
      'amount=40000',
      '-f',
      'forma_pagamento=boleto',
      '-f',
      `due_date=${due}`,
      '-f',
      'description=gás',
      '-f',
      `document_number=${boleto.barcode}`,
    ]);
    expect(api.exitCode).toBe(2);
    expect(api.stdout + api.stderr).toMatch(/amount.*the boleto is for R\$ 456,78 but .* is R\$ 400,00/);
  });

  test('without --due the due date comes from the barcode; another due date is accepted with a warning', async () => {
    const fromBarcode = await create(['--amount', '456,78', '--document', boleto.linhaDigitavel, '--json']);
    expect(fromBarcode.exitCode, fromBarcode.stderr).toBe(0);
    expect(JSON.parse(fromBarcode.stdout)).toMatchObject({ due_date: due, amount: 45_678, warnings: [] });
    expect(fromBarcode.stderr).not.toMatch(/warning/);

    const later = inDays(15);
    const other = await create([
      '--amount',
      '450,00',
      '--fine',
      '6,78',
      '--document',
      boleto.barcode,
      '--due',
      later,
    ]);
    expect(other.exitCode, other.stderr).toBe(0);
    expect(other.stderr).toContain(
      `warning: --due: due_date ${later} differs from the boleto's own due date ${due}`,
    );
  });

  test("an arrecadação slip's segment O carries the payable's due date, not the payment date", async () => {
    const slip = arrecadacao(12_345);
    const id = JSON.parse(
      (await create(['--amount', '123,45', '--document', slip.linha, '--due', inDays(7), '--json'])).stdout,
    ).public_id;
    await s.condo.ok(['payables', 'mark', id]);
    const payday = nextBusinessDay(inDays(3));
    const batch = await s.condo.json(['batches', 'create', '--date', payday]);
    const rem = join(s.condo.configDir, 'o.rem');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    const o = (await readFile(rem, 'latin1')).split('\r\n').find((l) => l[13] === 'O');
    const cnabDate = (iso: string) => iso.split('-').reverse().join('');
    // the seeded payment account is at Itaú: SISPAG's segment O (96-103 vencimento, 137-144 pagamento)
    expect(o?.slice(95, 103)).toBe(cnabDate(inDays(7)));
    expect(o?.slice(136, 144)).toBe(cnabDate(payday));
  });

  test('cnab inspect warns when a segment J pays other than its title value with no discount or mora', async () => {
    const fresh = JSON.parse(
      (await create(['--amount', '456,78', '--document', boleto.linhaDigitavel, '--json'])).stdout,
    );
    await s.condo.ok(['payables', 'mark', fresh.public_id]);
    const batch = await s.condo.json(['batches', 'create', '--date', nextBusinessDay(inDays(2))]);
    const rem = join(s.condo.configDir, 'j.rem');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    expect((await s.condo.run(['cnab', 'inspect', rem])).stderr).not.toMatch(/do not add up/);
    // The file as a careless tool would write it: the payment value changed, nothing else.
    const lines = (await readFile(rem, 'latin1')).split('\r\n');
    const j = lines.findIndex((l) => l[13] === 'J' && l.slice(17, 19) !== '52');
    lines[j] = `${lines[j]!.slice(0, 152)}${'40000'.padStart(15, '0')}${lines[j]!.slice(167)}`;
    const edited = join(s.condo.configDir, 'j-edited.rem');
    await writeFile(edited, lines.join('\r\n'), 'latin1');
    const r = await s.condo.run(['cnab', 'inspect', edited]);
    expect(r.stderr).toMatch(
      new RegExp(`line ${j + 1}: segment J pays 400,00 for a title of 456,78 \\(discount 0,00, mora 0,00\\)`),
    );
  });
});

describe("an invoice's boleto within FEBRABAN's limits", () => {
  const invoice = async (extra: string[]) => {
    const unit = (await s.condo.json('units list'))[0].id;
    const bank = (await s.condo.json('bank-accounts list'))[0].id;
    return s.condo.run([
      'invoices',
      'create',
      '--unit',
      String(unit),
      '--bank-account',
      String(bank),
      ...extra,
    ]);
  };

  test('a due date in 1999 is refused at create with the window, not a 500 at issue', async () => {
    const { first, last } = dueDateWindow(today);
    const r = await invoice(['--due', '1999-06-01', '--subtotal', '100']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`--due: a boleto due on 1999-06-01 cannot be issued`);
    expect(r.stderr).toContain(`from ${first} to ${last}`);
    const unit = (await s.condo.json('units list'))[0].id;
    const bank = (await s.condo.json('bank-accounts list'))[0].id;
    const api = await s.condo.run([
      'api',
      'POST',
      'invoices',
      '-F',
      `unit_id=${unit}`,
      '-F',
      `bank_account_id=${bank}`,
      '-f',
      'due_date=1999-06-01',
      '-F',
      'subtotal=100',
      '-F',
      'total=100',
    ]);
    expect(api.exitCode).toBe(2);
    expect(api.stdout + api.stderr).toMatch(/due_date.*cannot be issued/);
  });

  test('more than R$ 99.999.999,99 on a boleto is refused; by PIX alone it is allowed', async () => {
    const r = await invoice(['--due', inDays(5), '--subtotal', '100.000.000,00']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/more than a boleto carries \(R\$ 99\.999\.999,99\)/);
    const pix = await invoice([
      '--due',
      inDays(5),
      '--subtotal',
      '100.000.000,00',
      '--billing-type',
      'PIX',
      '--json',
    ]);
    expect(pix.exitCode, pix.stderr).toBe(0);
    expect(JSON.parse(pix.stdout).billing_type).toBe('PIX');
  });
});
