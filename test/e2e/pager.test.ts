import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #53 point 4: a long list on a terminal goes through the person's pager, as gh's does, and never when stdout is
 * not a terminal, under CI, with TERM=dumb or with --no-pager. The built CLI runs in a pseudo-terminal of 80×16,
 * its pager a small program that keeps what it was given.
 */

let s: Session;
let recorder: string;

beforeAll(async () => {
  s = await sandboxSession({ bills: true, condominiums: 4 });
  await s.condo.ok(['sandbox', 'credentials', '--write-profiles', '--data-dir', s.dataDir]);
  recorder = join(s.condo.configDir, 'pager.mjs');
  writeFileSync(
    recorder,
    "import { writeFileSync } from 'node:fs'; const c = []; process.stdin.on('data', (d) => c.push(d));" +
      " process.stdin.on('end', () => writeFileSync(process.argv[2], Buffer.concat(c)));\n",
  );
}, 120_000);
afterAll(() => s.close());

const LIST = ['--all-profiles', 'payables', 'list', '--all'];

/** The CLI on a terminal 80×16: what the terminal showed and what the pager was given (undefined: no pager). */
async function paged(args: string[], env: NodeJS.ProcessEnv = {}) {
  const kept = join(s.condo.configDir, `paged-${Math.random().toString(36).slice(2)}.txt`);
  const r = await runOnTerminal(
    s.condo,
    args,
    [],
    { CONDO_PAGER: `"${process.execPath}" "${recorder}" "${kept}"`, ...env },
    { cols: 80, rows: 16 },
  );
  return { ...r, paged: existsSync(kept) ? readFileSync(kept, 'utf8') : undefined };
}

const amounts = (text: string) => text.match(/R\$ \d/g)?.length ?? 0;

describe('the pager (#53)', () => {
  test('a list longer than the screen goes to the pager, whole; the dropped columns line stays on the terminal', async () => {
    const r = await paged(['--lang', 'pt-BR', ...LIST]);
    expect(r.exitCode, r.output).toBe(0);
    // the colours a terminal gets, taken off to read the text
    const text = (r.paged ?? '').replace(/\u001b\[\d+m/g, '');
    expect(text.split('\n')[0]).toMatch(/^CONDOMÍNIO +ID +(ESTADO +)?VENCIMENTO +VALOR +FAVORECIDO/);
    expect(amounts(text)).toBeGreaterThan(16);
    // a table, not blocks: every line fits 80 columns, and the terminal itself did not get the rows
    expect(text.split('\n').filter((l) => [...l].length > 80)).toEqual([]);
    expect(amounts(r.output)).toBe(0);
    expect(r.output.replace(/\s+/g, ' ')).toMatch(/FORMA, DESCRIÇÃO: sem espaço em 80 colunas/);
  });

  test('a list cut to its first page says so at the end of the paged text, not before the pager takes the screen (#66)', async () => {
    const r = await paged(['--lang', 'pt-BR', 'ledger', 'entries']);
    expect(r.exitCode, r.output).toBe(0);
    const text = (r.paged ?? '').replace(/\u001b\[\d+m/g, '').trimEnd();
    expect(text.split('\n').at(-1)).toMatch(/^Mostrando 25 de \d+: --all para todas as linhas$/);
    expect(r.output).not.toContain('Mostrando');
  });

  test('a list that fits one screen is printed, not paged', async () => {
    const r = await paged(['bank-accounts', 'list']);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.paged).toBeUndefined();
    expect(r.output).toMatch(/R\$ \d/);
  });

  test.each([
    ['--no-pager', ['--no-pager', ...LIST], {}],
    ['CI', LIST, { CI: '1' }],
    ['TERM=dumb', LIST, { TERM: 'dumb' }],
    ['CONDO_PAGER=cat', LIST, { CONDO_PAGER: 'cat' }],
    ['a pager that is not installed', LIST, { CONDO_PAGER: 'no-such-pager-here' }],
  ])('never with %s: the rows are on the terminal', async (_, args, env) => {
    const r = await paged(args as string[], env as NodeJS.ProcessEnv);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.paged).toBeUndefined();
    expect(amounts(r.output)).toBeGreaterThan(16);
  });

  test('nor into a pipe, CI unset', async () => {
    const r = await s.condo.run(LIST, { spawn: true, env: { CI: '', CONDO_PAGER: 'false' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').length).toBeGreaterThan(16);
  });
});
