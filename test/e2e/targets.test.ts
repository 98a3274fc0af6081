import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #28 point 2: with fifty profiles, a write to the wrong condominium is the costliest mistake. Every write names
 * its target before (the question, the dry run) and after; a sandbox's profile says it is one; and a `next:`
 * command printed under --profile or --all-profiles carries the --profile it needs.
 */

let s: Session;
let host: string;
const JARDIM = 'residencial-jardim-botanico';
const JARDIM_NAME = 'Condomínio Residencial Jardim Botânico';

beforeAll(async () => {
  s = await sandboxSession({ condominiums: 3 });
  host = new URL(s.sandbox.baseUrl).host;
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
});
afterAll(() => s.close());

async function markOne(profile: string, description: string): Promise<string> {
  const account = await leafExpenseAccount(s.condo, profile);
  const supplier = (await s.condo.json(['--profile', profile, 'suppliers', 'list'])).find(
    (x: any) => x.bank && x.document,
  );
  const p = await s.condo.json([
    ...['--profile', profile, 'payables', 'create', '--chart-account', String(account)],
    ...['--supplier', String(supplier.id), '--method', 'ted', '--amount', '120,00', '--due', '+2d'],
    ...['--description', description],
  ]);
  await s.condo.ok(['--profile', profile, 'payables', 'mark', p.public_id]);
  return p.public_id;
}

test('a profile written for the sandbox says so, and knows its condominium by name', async () => {
  const config = JSON.parse(await readFile(join(s.condo.configDir, 'config.json'), 'utf8'));
  expect(config.profiles[JARDIM]).toMatchObject({ sandbox: true, condominium_name: JARDIM_NAME });
  // a login asks the server for the name (cadastros.read), and is not a sandbox profile
  await s.login('default', 'by-hand');
  const after = JSON.parse(await readFile(join(s.condo.configDir, 'config.json'), 'utf8'));
  expect(after.profiles['by-hand'].condominium_name).toBe(JARDIM_NAME);
  expect(after.profiles['by-hand'].sandbox).toBeUndefined();
});

test('the dry run, the question and the result name the condominium, the profile and the server', async () => {
  await markOne(JARDIM, 'Portaria remota');
  const target = `${JARDIM_NAME} (${JARDIM}, profile ${JARDIM}, sandbox ${host})`;
  const dry = await s.condo.run([
    '--profile',
    JARDIM,
    'batches',
    'create',
    '--dry-run',
    '--date',
    'next-business-day',
  ]);
  expect(dry.stderr).toContain(`dry run: nothing was created in ${target}`);

  const asked = await runOnTerminal(
    s.condo,
    ['--profile', JARDIM, 'batches', 'create', '--date', 'next-business-day'],
    [[/Create the remittance/, 'n']],
  );
  // the prompt wraps the question in bold: read it as the screen shows it
  const screen = asked.output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\s+/g, ' ');
  expect(screen).toContain(`from ${target}?`);

  const made = await s.condo.run([
    '--profile',
    JARDIM,
    'batches',
    'create',
    '--date',
    'next-business-day',
    '--yes',
  ]);
  expect(made.exitCode).toBe(0);
  expect(made.stderr).toContain(`written to ${target}`);
  const pt = await s.condo.run(['--lang', 'pt-BR', '--profile', JARDIM, 'payables', 'mark', 'x'.repeat(3)]);
  expect(pt.exitCode).toBe(2); // a usage error writes nothing, so it names no target
  expect(pt.stderr).not.toContain('gravado em');
});

test('under --all-profiles, the next: commands after a rejection carry their --profile', async () => {
  const ipe = 'edificio-ipe-amarelo';
  const id = await markOne(ipe, 'Troca de lâmpadas');
  const batch = await s.condo.json([
    '--profile',
    ipe,
    'batches',
    'create',
    '--date',
    'next-business-day',
    '--yes',
  ]);
  const rem = join(s.condo.configDir, 'ipe.rem');
  const ret = join(s.condo.configDir, 'ipe.ret');
  await s.condo.ok(['--profile', ipe, 'batches', 'download', batch.public_id, '-O', rem]);
  // a Caixa batch numbers its payments: reject it under the seu número the batch gave it
  const shown = await s.condo.json(['--profile', ipe, 'batches', 'show', batch.public_id]);
  const seu = shown.payables.find((p: any) => p.public_id === id).seu_numero;
  await s.condo.ok(['sandbox', 'bank-return', rem, '-O', ret, '--reject', `${seu}:AN`]);
  const r = await s.condo.run(['--all-profiles', 'import', ret]);
  expect(r.exitCode).toBe(1); // the rejection is left for a person (#66)
  // each file's result names its condominium; no closing line says they all went to the current profile's
  expect(r.stderr).not.toMatch(/^written to /m);
  expect(r.stderr).toMatch(
    new RegExp(
      `next: condo --profile ${ipe} suppliers update \\d+ .*; then condo --profile ${ipe} payables mark ${id}`,
    ),
  );
});
