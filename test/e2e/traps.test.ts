import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { corpusDir } from '../corpus.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/** Smaller traps of #8: a broken .rem that passed `inspect && send`, and rate-limit waits in silence. */

let s: Session;
beforeAll(async () => {
  // A tight limit, so that a dozen calls must wait for the next window (in real time on the terminal; the piped
  // run is in-process, on a clock shared with the sandbox whose waits take no time).
  s = await sandboxSession({ rateLimit: { count: 3, seconds: 2 }, skipWaits: true });
});
afterAll(() => s.close());

test('cnab inspect of a .rem cut before its trailers exits 1, so `inspect && send` stops', async () => {
  const whole = join(corpusDir('cnab240'), 'Brunomm__br_boleto', 'caixa.rem');
  const intact = await s.condo.run(['cnab', 'inspect', whole]);
  expect(intact.exitCode).toBe(0);

  const lines = (await readFile(whole, 'latin1')).split(/\r?\n/).filter(Boolean);
  const cut = join(s.condo.configDir, 'cut.rem');
  await writeFile(cut, `${lines.slice(0, -2).join('\r\n')}\r\n`, 'latin1');
  for (const format of [[], ['-o', 'table']]) {
    const r = await s.condo.run(['cnab', 'inspect', cut, ...format]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/line \d+: no file trailer/);
    expect(r.stderr).toContain(`error: ${cut} is incomplete (a trailer is missing): do not send it`);
  }
  const json = await s.condo.run(['cnab', 'inspect', cut, '--json']);
  expect(json.exitCode).toBe(1);
  expect(JSON.parse(json.stdout)).toMatchObject({
    truncated: true,
    warnings: expect.arrayContaining([
      expect.objectContaining({ message: expect.stringMatching(/no file trailer/) }),
    ]),
  });
});

test('a wait for the rate limit says so on a terminal, and not in a pipe', async () => {
  const account = await leafExpenseAccount(s.condo);
  const file = join(s.condo.configDir, 'five.json');
  const body = (i: number) => ({
    payee_name: 'Padaria',
    chart_of_accounts_id: account,
    amount: 1000 + i,
    forma_pagamento: 'ted',
    due_date: '2031-01-10',
    description: `Lanche ${i}`,
  });
  await writeFile(file, JSON.stringify(Array.from({ length: 5 }, (_, i) => body(i))));
  // Five writes against 3 per 2 s: the client paces itself, and tells the person at the terminal; a bulk run's
  // progress bar says it at its end (#67: a line written through the bar broke it), a command without one on a line
  const tty = await runOnTerminal(s.condo, ['payables', 'create', '--from-file', file]);
  expect(tty.exitCode).toBe(0);
  expect(tty.output).toMatch(/\] \d+% \d\/5 · rate limit: \d+ s/);
  expect(tty.output).toContain('5 created, 0 failed');
  const piped = await s.condo.run(['payables', 'create', '--from-file', file]);
  expect(piped.exitCode).toBe(0);
  expect(piped.stderr).not.toMatch(/waiting/);
  // the same file again: its five creates are replays of their keys, made by the run above (#66)
  expect(piped.stderr).toContain('0 created, 0 failed; 5 already there');
});
