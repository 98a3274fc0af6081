import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession, unitInvoice } from './harness.js';

/**
 * #67 against a server without condo's extensions (`sandbox start --spec-only`): an invoice's items refused by
 * name, `POST /invoices/{id}/cancel` not found. The run bills each unit with its composition in the notes, and
 * `--replace` is a refusal that says why, with nothing canceled.
 */

let s: Session;
let budget: string;
beforeAll(async () => {
  s = await sandboxSession({ specOnly: true });
  const slug = (await s.condo.json(['auth', 'status'])).condominium as string;
  budget = join(s.condo.configDir, 'orcamento.yaml');
  await writeFile(
    budget,
    `condominio: ${slug}\nvencimento: 10\nconta_bancaria: 1\ncomponentes:\n  - nome: Despesas ordinárias\n    valor: 18.420,00\n    conta: 1.1.01\n    rateio: fracao\n  - nome: Fundo de reserva\n    percentual: 5\n    sobre: Despesas ordinárias\n    conta: 1.1.02\n    rateio: fracao\n`,
  );
}, 60_000);
afterAll(() => s?.close());

const planOf = async () =>
  (await s.condo.json(['billing', 'plan', '--month', '02/2027', '--budget', budget, '-O', s.condo.configDir]))
    .plan_file as string;

test('a server without items: each invoice carries its composition in the notes, after the marker; verify passes', async () => {
  const file = await planOf();
  const plan = JSON.parse(await readFile(file, 'utf8'));
  const r = await s.condo.run(['--lang', 'pt-BR', 'billing', 'apply', file, '--issue']);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toContain(
    'este servidor não aceita os itens de uma cobrança: a composição de cada uma está nas observações, após a marca',
  );
  expect(r.stderr).toContain(`${plan.units.length} emitidas, 0 com falha`);
  const unit = plan.units[0];
  const inv = await unitInvoice(s.condo, unit.unit_id, '2027-02-01');
  // GET /invoices/{id} is an extension too: the list is what such a server serves
  const full = inv;
  expect(full.items ?? []).toEqual([]);
  const [marker, composition] = full.notes.split('\n');
  expect(marker).toBe(`[condo-billing 2027-02 ${plan.inputs_sha256.slice(0, 8)}]`);
  expect(composition).toMatch(/^Despesas ordinárias: R\$ [\d.]+,\d\d; Fundo de reserva: R\$ [\d.]+,\d\d$/);
  const verified = await s.condo.run([
    'billing',
    'verify',
    '--month',
    '02/2027',
    '--plans',
    s.condo.configDir,
  ]);
  expect(verified.exitCode, verified.stderr).toBe(0);
});

test('--replace against a server without cancel: refused, saying why, nothing canceled', async () => {
  await writeFile(budget, (await readFile(budget, 'utf8')).replace('18.420,00', '18.500,00'));
  const other = await planOf();
  const r = await s.condo.run(['billing', 'apply', other, '--replace']);
  expect(r.exitCode, r.stderr).toBe(2);
  expect(r.stderr.trim()).toBe(
    'error: --replace: this server cannot cancel an invoice (POST /invoices/{id}/cancel answered 404/405): cancel the earlier ones by hand, then apply',
  );
  const month = await s.condo.json([
    'invoices',
    'list',
    '--due-from',
    '2027-02-01',
    '--due-to',
    '2027-02-28',
  ]);
  expect(month.filter((i: { state: string }) => i.state === 'canceled')).toEqual([]);
});
