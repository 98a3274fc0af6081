import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildArrecadacao } from '../../src/domain/boleto/index.js';
import { leafExpenseAccount, returnOnItsDate, type Session, sandboxSession } from './harness.js';

/**
 * Tax guides paid by their data, in segment N: the month's IRRF withheld on a service (DARF 1708, with its fine
 * and interest) and the INSS (GPS 2100, with other entities' part), neither with a barcode; and the FGTS guide,
 * whose barcode the seeded Itaú account's SISPAG layout wants in segment N too. Created with their flags, marked,
 * written, inspected, paid by the sandbox's bank and settled by the return, each in the ledger.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const guide = async (account: number, ...flags: string[]) =>
  s.condo.json(['payables', 'create', '--chart-account', String(account), '--method', 'boleto', ...flags]);

test('a DARF, a GPS and an FGTS guide go through mark, batch (segment N), inspect, the bank and import-return', async () => {
  const account = await leafExpenseAccount(s.condo);
  const darf = await guide(
    account,
    ...['--payee', 'Receita Federal', '--amount', '150,00', '--fine', '1,00', '--interest', '0,50'],
    ...['--due', '+10d', '--description', 'IRRF retido — serviços de outubro'],
    ...['--tribute', 'darf', '--revenue-code', '1708', '--period', '2026-10-31', '--reference', '123'],
  );
  expect(darf).toMatchObject({
    supplier_id: null,
    document_number: null,
    tribute: { kind: 'darf', revenue_code: '1708', period: '2026-10-31', reference: '123' },
  });
  const gps = await guide(
    account,
    ...['--payee', 'INSS', '--amount', '987,00', '--due', '+10d', '--description', 'INSS de outubro'],
    ...['--tribute', 'gps', '--revenue-code', '2100', '--period', '2026-10', '--other-entities', '87,00'],
  );
  const fgtsCode = buildArrecadacao({
    segment: '5',
    amountCents: 48_210,
    companyId: '0179',
    freeField: '0000000000000000000000001',
  });
  const fgts = await guide(
    account,
    ...['--payee', 'Caixa — FGTS', '--amount', '482,10', '--due', '+10d', '--description', 'FGTS de outubro'],
    ...['--document', fgtsCode.linhaDigitavel, '--tribute', 'fgts', '--revenue-code', '0115'],
    ...['--contributor', '11.222.333/0001-81', '--fgts-id', '1234567890123456'],
  );
  const shown = await s.condo.run(['-o', 'table', 'payables', 'show', darf.public_id]);
  expect(shown.stdout).toMatch(/Tax guide\s+DARF 1708 · 31\/10\/2026/);

  await s.condo.ok(['payables', 'mark', darf.public_id, gps.public_id, fgts.public_id]);
  const batch = await s.condo.json('batches create --date next-business-day --yes');
  const rem = join(s.condo.configDir, 'guias.rem');
  await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
  const lines = (await readFile(rem, 'latin1')).split('\r\n').filter(Boolean);
  // Itaú's SISPAG: a lote per tribute (16 DARF, 17 GPS, 35 FGTS), each record a segment N with the tribute's code
  expect(lines.filter((l) => l[7] === '1').map((l) => l.slice(9, 13))).toEqual(['2216', '2217', '2235']);
  const n = lines.filter((l) => l[7] === '3');
  expect(n.map((l) => `${l[13]}${l.slice(17, 23)}`)).toEqual(['N021708', 'N012100', 'N110115']);
  expect(Number(n[0]!.slice(105, 119))).toBe(15_150); // principal + fine + interest
  expect(n[2]!.slice(38, 86)).toBe(fgtsCode.linhaDigitavel.replace(/\D/g, ''));

  const inspected = await s.condo.run(['cnab', 'inspect', rem, '--lang', 'pt-BR']);
  expect(inspected.stdout).toContain('DARF 1708 · CNPJ');
  expect(inspected.stdout).toContain('GPS 2100 · CNPJ');

  const ret = join(s.condo.configDir, 'guias.ret');
  await returnOnItsDate(s.condo, [rem, '-O', ret]);
  expect(await s.condo.json(['batches', 'import-return', ret])).toMatchObject({ paid: 3, rejected: 0 });
  const entries = await s.condo.json('ledger entries --type expense');
  const paid = (id: string) => entries.find((e: { payable_id: string }) => e.payable_id === id)?.amount;
  expect([paid(darf.public_id), paid(gps.public_id), paid(fgts.public_id)]).toEqual([151.5, 987, 482.1]);
});

test('a guide described wrongly is refused before anything is sent, naming the flag', async () => {
  const account = String(await leafExpenseAccount(s.condo));
  const base = [
    'payables',
    'create',
    '--chart-account',
    account,
    '--method',
    'boleto',
    '--payee',
    'Receita Federal',
  ];
  const run = (...flags: string[]) =>
    s.condo.run([...base, '--amount', '10,00', '--due', '+5d', '--description', 'DARF', ...flags]);

  const noKind = await run('--revenue-code', '1708');
  expect(noKind.exitCode).toBe(2);
  expect(noKind.stderr).toContain('--revenue-code describes a tax guide: give --tribute darf, gps or fgts');

  const noPeriod = await run('--tribute', 'darf', '--revenue-code', '1708');
  expect(noPeriod.exitCode).toBe(2);
  expect(noPeriod.stderr).toMatch(/--period.*período de apuração, YYYY-MM-DD/);

  const gpsDay = await run('--tribute', 'gps', '--revenue-code', '2100', '--period', '2026-10-31');
  expect(gpsDay.exitCode).toBe(2);
  expect(gpsDay.stderr).toContain('--period');

  const fgtsNoBarcode = await run('--tribute', 'fgts', '--revenue-code', '0115');
  expect(fgtsNoBarcode.exitCode).toBe(2);
  expect(fgtsNoBarcode.stderr).toMatch(/--document.*FGTS guide's barcode/);
  expect(await s.condo.json('payables list --search DARF')).toEqual([]);
});
