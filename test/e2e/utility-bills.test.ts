import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildArrecadacao } from '../../src/domain/boleto/index.js';
import { leafExpenseAccount, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/**
 * A utility bill paid by its barcode: a payee name and an arrecadação code, no supplier, no CPF or CNPJ. Created,
 * marked, sent in a lote of its own as segment O, paid by the sandbox's bank and settled by the return.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('a water bill with a payee name only goes through mark, batch, the bank and import-return', async () => {
  const account = await leafExpenseAccount(s.condo);
  const { linhaDigitavel, barcode } = buildArrecadacao({
    segment: '2',
    amountCents: 234_567,
    companyId: '0097',
    freeField: '0000123452031051000000000',
  });
  const bill = await s.condo.json([
    'payables',
    'create',
    '--payee',
    'Companhia de Saneamento',
    '--chart-account',
    String(account),
    '--method',
    'boleto',
    '--amount',
    '2.345,67',
    '--due',
    '+12d',
    '--document',
    linhaDigitavel,
    '--description',
    'Água e esgoto',
  ]);
  expect(bill).toMatchObject({ supplier_id: null, state: 'pending' });
  await s.condo.ok(['payables', 'mark', bill.public_id]);

  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const dir = s.condo.configDir;
  const rem = join(dir, 'agua.rem');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  const lines = (await readFile(rem, 'latin1')).split('\r\n').filter(Boolean);
  // a lote of concessionárias with one segment O and no segment A, B or J; the payment account is at Itaú, whose
  // SISPAG layout calls that lote forma 13 (FEBRABAN's 11) and carries the 48-digit linha (check digits
  // included) where FEBRABAN's has the 44-digit barcode
  expect(lines[1]!.slice(11, 13)).toBe('13');
  const details = lines.filter((l) => l[7] === '3');
  expect(details.map((l) => l[13])).toEqual(['O']);
  expect(details[0]!.slice(17, 65)).toBe(linhaDigitavel.replace(/\D/g, ''));
  expect(linhaDigitavel.replace(/\D/g, '')).toContain(barcode.slice(0, 11));
  const inspected = await s.condo.json(['cnab', 'inspect', rem]);
  expect(inspected.dialect).toBe('itau-sispag');
  expect(inspected.items).toMatchObject([
    { segment: 'O', amount_cents: 234_567, payee_name: 'COMPANHIA DE SANEAMENTO' },
  ]);

  const ret = join(dir, 'agua.ret');
  await returnOnItsDate(s.condo, [rem, '-O', ret]);
  const result = await s.condo.json(['batches', 'import-return', ret]);
  expect(result).toMatchObject({ paid: 1, rejected: 0 });
  expect(await s.condo.json(['payables', 'show', bill.public_id])).toMatchObject({ state: 'paid' });
  const entries = await s.condo.json('ledger entries --type expense');
  expect(entries.find((e: any) => e.payable_id === bill.public_id)).toMatchObject({
    amount: 2345.67,
    payee: 'Companhia de Saneamento',
    source: 'payable',
    supplier_id: null,
  });
});

test('a utility bill whose barcode does not add up is refused when it is created, naming the field', async () => {
  const account = await leafExpenseAccount(s.condo);
  const { linhaDigitavel } = buildArrecadacao({
    segment: '3',
    amountCents: 10_000,
    companyId: '0138',
    freeField: '0000000000000000000000001',
  });
  const broken = `${linhaDigitavel.slice(0, 11)}${(Number(linhaDigitavel[11]) + 1) % 10}${linhaDigitavel.slice(12)}`;
  const r = await s.condo.run([
    'payables',
    'create',
    '--payee',
    'Enel',
    '--chart-account',
    String(account),
    '--method',
    'boleto',
    '--amount',
    '100,00',
    '--due',
    '+5d',
    '--document',
    broken,
    '--description',
    'Energia',
  ]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toMatch(/--document.*check digit of field 1/);
});
