import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { condoIn } from './harness.js';

/**
 * #69 point 3 (begun): `condo debt calc`, offline, over the IPCA condo ships. The oracle: IBGE's monthly IPCA of
 * 2025 as its releases give them (March 0,56; April 0,43; May 0,26; June 0,24; July 0,26; August -0,11; September
 * 0,48; October 0,09; November 0,18), multiplied here apart from condo's code.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'condo-debt-'));
  await writeFile(
    join(root, 'encargos.yaml'),
    `multa:    { percentual: 2, fonte: "Convenção, art. 18" }
juros:    { percentual_mes: 1, contagem: dias/30, base: corrigido, fonte: "Convenção, art. 18" }
correcao: { indice: IPCA, metodo: mes_cheio, deflacao: nunca_reduz, fonte: "Convenção, art. 19" }
`,
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

test('R$ 850,00 due 10/03/2025, updated to 15/12/2025: each line, its cents named in --json', async () => {
  const condo = condoIn(join(root, 'config'));
  const rules = join(root, 'encargos.yaml');
  const args = [
    'debt',
    'calc',
    '--amount',
    '850',
    '--due',
    '10/03/2025',
    '--as-of',
    '15/12/2025',
    '--rules',
    rules,
  ];
  const d = await condo.json(args);
  const ipca2025 = [0.56, 0.43, 0.26, 0.24, 0.26, -0.11, 0.48, 0.09, 0.18];
  const factor = ipca2025.reduce((f, r) => f * (1 + r / 100), 1);
  expect(Number(d.factor)).toBeCloseTo(factor, 12);
  const corrected = Math.round(85_000 * factor);
  expect(d).toMatchObject({
    principal_cents: 85_000,
    correction_cents: corrected - 85_000,
    interest_cents: Math.round((corrected * 0.01 * 280) / 30),
    fine_cents: Math.round(corrected * 0.02),
    days: 280,
  });
  expect(d.total_cents).toBe(d.principal_cents + d.correction_cents + d.interest_cents + d.fine_cents);
  const r = await condo.run(['--lang', 'pt-BR', ...args]);
  expect(r.exitCode, r.stderr).toBe(0);
  // each month's change is on the line, as IBGE published it
  const said = ipca2025.map(
    (v, i) => `${String(i + 3).padStart(2, '0')}/2025 ${String(v).replace('.', ',')}%`,
  );
  expect(r.stdout).toContain(`IPCA, 9 meses (${said.join('; ')})`);
  // a month the table lacks refuses, naming it
  const later = await condo.run(['--lang', 'pt-BR', ...args.slice(0, 7), '15/02/2026', '--rules', rules]);
  expect(later.exitCode).toBe(2);
  expect(later.stderr).toContain('IPCA não tem valor para 01/2026');
});
