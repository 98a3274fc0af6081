import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { firmCondominiumSlug } from '../../src/sandbox/seed/firm.js';
import { type Session, sandboxSession } from './harness.js';

/**
 * #34 point 2, as a firm meets it: a return code means what the bank that answered says it means. The firm's
 * 4th condominium pays from Caixa and its 5th from Santander (seed/firm.ts); a code each bank gives a meaning of its
 * own is read so by the import, by `payables show` and by `payables mark`.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession({ bills: true, condominiums: 5 });
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
});
afterAll(() => s.close());

/** The condominium's bills paid by `method` sent in a batch, and the bank's return with `code` for the first. */
async function answered(profile: string, method: string, code: string) {
  const as = ['--profile', profile];
  const due = await s.condo.json([...as, 'payables', 'list', '--method', method]);
  expect(due.length).toBeGreaterThan(0);
  await s.condo.ok([...as, 'payables', 'mark', ...due.map((p: { public_id: string }) => p.public_id)]);
  const batch = await s.condo.json([...as, 'batches', 'create', '--date', 'next-business-day', '--yes']);
  const rem = join(s.condo.configDir, `${profile}.rem`);
  const ret = join(s.condo.configDir, `${profile}.ret`);
  await s.condo.ok([...as, 'batches', 'download', batch.public_id, '-O', rem]);
  // by the file's own seu número (Caixa's is a number of 6 digits, not the payable's id)
  const seu = (await s.condo.json(['cnab', 'inspect', rem])).items[0].seu_numero as string;
  await s.condo.ok(['sandbox', 'bank-return', rem, '-O', ret, '--reject', `${seu}:${code}`]);
  const imported = await s.condo.run([...as, 'batches', 'import-return', ret]);
  const all = await s.condo.json([...as, 'payables', 'list', '--all']);
  const first = all.find((p: { last_return: { code: string } | null }) => p.last_return?.code === code)
    ?.public_id as string;
  expect(first).toBeDefined();
  return { as, first, imported };
}

test('Caixa’s DH ("ID já se encontra pago") is a settled bill: said so at the import, and marking it again refused', async () => {
  const caixa = firmCondominiumSlug(3);
  const { as, first, imported } = await answered(caixa, 'boleto', 'DH');
  expect(imported.stderr).toContain('the bank says this boleto is already paid');
  // in a log's one line, deleting it and marking it again are alternatives, not steps
  expect(imported.stderr).toMatch(
    /; then condo .*payables delete \S+ .*; or condo .*payables mark \S+ --force/,
  );
  const shown = await s.condo.json([...as, 'payables', 'show', first]);
  expect(shown).toMatchObject({
    state: 'pending',
    last_return: { code: 'DH', message: 'ID já se encontra pago' },
  });
  const again = await s.condo.run([...as, 'payables', 'mark', first]);
  expect(again.exitCode).toBe(5);
  expect(again.stdout).toContain('settled_by_the_bank');
  // one id refused, one failure: no second, empty call
  expect(again.stdout).not.toContain('undefined');
  expect(again.stderr).toMatch(/0 marked, 1 failed/);
  await s.condo.ok([...as, 'payables', 'mark', first, '--force']);
});

test('Santander’s ZK is an authorization begun in Internet Banking: the payment waits, it is not a settled bill', async () => {
  const santander = firmCondominiumSlug(4);
  const { as, first, imported } = await answered(santander, 'pix,ted', 'ZK');
  expect(imported.exitCode, imported.stderr).toBe(0);
  expect(imported.stderr).not.toContain('already paid');
  const shown = await s.condo.json([...as, 'payables', 'show', first]);
  expect(shown).toMatchObject({
    state: 'scheduled',
    last_return: { code: 'ZK', message: 'Autorização iniciada no Internet Banking' },
  });
  const table = await s.condo.ok([...as, '-o', 'table', 'payables', 'show', first]);
  expect(table).toMatch(/What it means\s+authorize it in Santander's Internet Banking/);
});
