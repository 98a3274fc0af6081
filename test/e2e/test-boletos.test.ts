import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseBoletoCode } from '../../src/domain/boleto/index.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/** #28 point 9: a valid test boleto without copying one from the demo's output. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('sandbox boleto prints a valid linha and barcode that a payable takes and marks', async () => {
  const [linha = '', barcode = ''] = (await s.condo.ok('sandbox boleto --bank 237 --amount 740,00 --due +5d'))
    .trim()
    .split('\t');
  const parsed = parseBoletoCode(linha);
  expect(parsed.ok).toBe(true);
  if (parsed.ok) {
    expect(parsed.barcode).toBe(barcode);
    expect(barcode.slice(0, 3)).toBe('237');
  }
  const supplier = (await s.condo.json('suppliers list')).find((x: any) => x.document);
  const p = await s.condo.json([
    ...['payables', 'create', '--supplier', String(supplier.id), '--method', 'boleto', '--document', linha],
    ...['--amount', '740,00', '--chart-account', String(await leafExpenseAccount(s.condo))],
    ...['--description', 'Boleto de teste'],
  ]);
  expect(p.due_date).toBeTruthy(); // taken from the barcode
  await s.condo.ok(['payables', 'mark', p.public_id]);
  const json = await s.condo.json('sandbox boleto --bank 341 --amount 12,34');
  expect(json).toMatchObject({ bank: '341', amount_cents: 1234 });
  expect((await s.condo.run('sandbox boleto --bank 999')).exitCode).toBe(2);
  expect(await s.condo.ok('help formats')).toContain('condo sandbox boleto');
});
