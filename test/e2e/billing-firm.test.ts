import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #68 point 1, the firm's plan: each condominium's budget from the firm's folder (`config set --firm budgets
 * DIR`, one <slug>.yaml each) or its profile's own (`config set budget FILE`), every plan in one run, one table.
 */

let s: Session;
let slugs: string[];
let budgets: string;
beforeAll(async () => {
  s = await sandboxSession({ condominiums: 3 });
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  const profiles: { name: string; condominium: string }[] = await s.condo.json(['config', 'list']);
  slugs = [...new Set(profiles.map((p) => p.condominium))].sort();
  budgets = join(s.condo.configDir, 'orcamentos');
  await mkdir(budgets);
  for (const slug of slugs)
    await s.condo.ok([
      ...['--profile', slug, 'sandbox', 'budget', '--data-dir', s.dataDir],
      ...['-O', join(budgets, `${slug}.yaml`)],
    ]);
  await s.condo.ok(['config', 'set', '--firm', 'budgets', budgets]);
}, 60_000);
afterAll(() => s?.close());

test("--all-profiles billing plan: a row a condominium, each from its budget in the firm's folder", async () => {
  const out = join(s.condo.configDir, 'planos');
  const sheets = join(s.condo.configDir, 'conselho');
  const firm: { condominium: string; rows: { units: number; total_cents: number; plan_file: string }[] }[] =
    await s.condo.json([
      '--all-profiles',
      'billing',
      'plan',
      '--month',
      '02/2027',
      '-O',
      out,
      '--pdf',
      sheets,
    ]);
  // over many profiles --pdf is a folder: each condominium's council sheet in it, whole (found by a review: one
  // file written by all at once came out corrupt)
  expect((await readdir(sheets)).sort()).toEqual(slugs.map((slug) => `2027-02-${slug}-conselho.pdf`).sort());
  expect(firm.map((c) => c.condominium).sort()).toEqual(slugs);
  for (const c of firm) {
    const [row] = c.rows;
    expect(row?.plan_file).toMatch(new RegExp(`^${out}/2027-02-${c.condominium}-[0-9a-f]{8}\\.plan\\.json$`));
    // each condominium's plan is the one its own profile makes
    const own = await s.condo.json([
      ...['--profile', c.condominium, 'billing', 'plan', '--month', '02/2027', '-O', out],
    ]);
    expect(own.plan_file).toBe(row?.plan_file);
    expect(row?.total_cents).toBe(own.total_cents);
    expect(row?.units).toBe(own.units.length);
  }
  // a person's table in Portuguese on an 80-column terminal: a row each and the TOTAL, no line wider
  const r = await runOnTerminal(
    s.condo,
    ['--lang', 'pt-BR', '--all-profiles', 'billing', 'plan', '--month', '02/2027', '-O', out],
    [],
    {},
    { cols: 80, rows: 40 },
  );
  expect(r.exitCode, r.output).toBe(0);
  const lines = r.output
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(lines[0]).toMatch(/^CONDOMÍNIO\s+UNIDADES\s+TOTAL\s+AVISOS\s+ARQUIVO DO PLANO$/);
  expect(lines.at(-1)).toMatch(/^TOTAL\s+\d+\s+R\$ [\d.]+,\d\d\s+0$/);
  expect(lines.filter((l) => /…[0-9a-f]{8}\.plan\.json$/.test(l))).toHaveLength(slugs.length);
  expect(lines.filter((l) => stringWidth(l) > 80)).toEqual([]);
});

test("a profile's own budget wins over the firm's folder; one without a budget is named, the others still planned", async () => {
  const [first, second] = slugs as [string, string];
  const own = join(s.condo.configDir, 'proprio.yaml');
  await rename(join(budgets, `${first}.yaml`), own);
  await s.condo.ok(['--profile', first, 'config', 'set', 'budget', own]);
  await rename(join(budgets, `${second}.yaml`), join(s.condo.configDir, 'fora.yaml'));
  // -O always: a test never writes into the working folder (the repository)
  const r = await s.condo.run([
    ...['--lang', 'pt-BR', '--all-profiles', 'billing', 'plan', '--month', '03/2027'],
    ...['-O', join(s.condo.configDir, 'planos-marco')],
  ]);
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain(`${second}: budgets: ${join(budgets, `${second}.yaml`)} não existe`);
  expect(r.stderr).toContain(
    `${slugs.length - 1} de ${slugs.length} condomínios responderam; 1 falhou (acima)`,
  );
  const planned = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]);
  expect(planned.sort()).toEqual(slugs.filter((x) => x !== second));
  // as they were, for the firm's runs below
  await rename(own, join(budgets, `${first}.yaml`));
  await s.condo.ok(['--profile', first, 'config', 'unset', 'budget']);
  await rename(join(s.condo.configDir, 'fora.yaml'), join(budgets, `${second}.yaml`));
});

test('--all-profiles billing apply: previewed, asked once, each condominium applied on its profile; verify reads each back', async () => {
  const out = join(s.condo.configDir, 'planos-abril');
  await s.condo.ok(['--all-profiles', 'billing', 'plan', '--month', '04/2027', '-O', out]);
  const args = ['--all-profiles', 'billing', 'apply', '--month', '04/2027', '--plans', out, '--issue'];
  const monthInvoices = async (slug: string) =>
    (
      await s.condo.json([
        '--profile',
        slug,
        'invoices',
        'list',
        '--due-from',
        '2027-04-01',
        '--due-to',
        '2027-04-30',
      ])
    ).length;
  // on a terminal: what each condominium would get, one question; a no creates nothing
  const asked = await runOnTerminal(s.condo, ['--lang', 'pt-BR', ...args], [[/Criar \d+ cobranças/, 'n']]);
  const declined = { ...asked, output: asked.output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '') };
  expect(declined.output).toMatch(/A CRIAR\s+VALOR\s+JÁ COBRADAS\s+PLANO/);
  expect(declined.output).toMatch(/Criar \d+ cobranças \(R\$ [\d.]+,\d\d\) e emiti-las em 3 condomínios\?/);
  expect(declined.output).toContain('nada emitido');
  for (const slug of slugs) expect(await monthInvoices(slug)).toBe(0);
  // a script says --yes: each applied on its own profile, reported per condominium
  const applied: { condominium: string; created: number; issued: number; already: number; failed: number }[] =
    await s.condo.json([...args, '--yes']);
  expect(applied.map((a) => a.condominium).sort()).toEqual(slugs);
  for (const a of applied) {
    const units = await monthInvoices(a.condominium);
    expect(a).toMatchObject({ created: units, issued: units, already: 0, failed: 0 });
    expect(units).toBeGreaterThan(0);
  }
  // again: nothing created twice; with --pdf, each condominium's residents' pages in the one folder
  const pages = join(s.condo.configDir, 'paginas-firma');
  const again: { created: number; already: number }[] = await s.condo.json([
    ...args,
    '--yes',
    '--pdf',
    pages,
  ]);
  expect((await readdir(pages)).sort()).toEqual(slugs.map((slug) => `2027-04-${slug}.pdf`).sort());
  for (const [i, a] of again.entries()) expect(a).toMatchObject({ created: 0, already: applied[i]?.created });
  const verified: { condominium: string; rows: { checked: number; problems: number }[] }[] =
    await s.condo.json([...['--all-profiles', 'billing', 'verify', '--month', '04/2027', '--plans', out]]);
  for (const v of verified) expect(v.rows).toEqual([expect.objectContaining({ problems: 0 })]);
});

test('a condominium without a plan of the month is named with the command that runs it again; the others applied', async () => {
  const out = join(s.condo.configDir, 'planos-maio');
  await s.condo.ok(['--profile', slugs[0] as string, 'billing', 'plan', '--month', '05/2027', '-O', out]);
  const r = await s.condo.run([
    ...[
      '--lang',
      'pt-BR',
      '--all-profiles',
      'billing',
      'apply',
      '--month',
      '05/2027',
      '--plans',
      out,
      '--yes',
    ],
  ]);
  expect(r.exitCode).toBe(2);
  for (const slug of slugs.slice(1))
    expect(r.stderr).toMatch(
      new RegExp(
        `^aviso: \\S+: nenhum plano de 05/2027 para ${slug} em ${out} \\(condo billing plan grava um; --plans diz a pasta\\); rode de novo: condo --profile \\S+ billing apply --month 05/2027 --plans ${out}$`,
        'm',
      ),
    );
  const done = r.stdout.split('\n').filter((l) => l.startsWith(`${slugs[0]}\t`));
  expect(done).toHaveLength(1);
});
