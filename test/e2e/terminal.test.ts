import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONDO_BIN, type Session, sandboxSession } from './harness.js';

/**
 * The CLI on a terminal: `script` gives it a pseudo-terminal, and each answer is typed when its question shows,
 * as a person would.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

interface TtyRun {
  exitCode: number;
  output: string;
}

function onTerminal(
  args: string[],
  answers: [RegExp, string][],
  env: NodeJS.ProcessEnv = {},
): Promise<TtyRun> {
  const command = [process.execPath, CONDO_BIN, ...args]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const { NO_COLOR: _noColor, CI: _ci, ...base } = s.condo.env;
    // A terminal of a usual size: prompts size their lists from it.
    const child = spawn('script', ['-qefc', `stty rows 40 cols 120; ${command}`, '/dev/null'], {
      env: { ...base, TERM: 'xterm', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let next = 0;
    let from = 0; // where the output after the last answer starts
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString('utf8');
      const answer = answers[next];
      if (answer?.[0].test(output.slice(from))) {
        next++;
        from = output.length;
        setTimeout(() => child.stdin.write(`${answer[1]}\r`), 200);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? -1, output });
    });
  });
}

test('auth login on a terminal asks for each value, masks the secret, and proves it before saving', async () => {
  const me = s.client('default');
  const r = await onTerminal(
    ['--profile', 'asked', 'auth', 'login'],
    [
      [/API base URL/, s.sandbox.baseUrl],
      [/Condominium/, me.condominium],
      [/Client id/, me.client_id],
      [/Client secret/, me.client_secret],
      [/Scopes/, 'payments.read payments.write'],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  expect(r.output).toMatch(/profile "asked" is now current/);
  expect(r.output).not.toContain(me.client_secret);
  expect(r.output).toMatch(/\*{10,}/);
  const status = await s.condo.json('--profile asked auth status');
  expect(status.scopes).toEqual(['payments.read', 'payments.write']);
  await s.condo.ok('config use default');
});

test('a table on a terminal is coloured, and NO_COLOR turns the colour off', async () => {
  const coloured = await onTerminal(['bank-accounts', 'list'], []);
  expect(coloured.exitCode).toBe(0);
  expect(coloured.output).toMatch(/┌/);
  expect(coloured.output).toMatch(/\u001b\[1m/);
  const plain = await onTerminal(['bank-accounts', 'list'], [], { NO_COLOR: '1' });
  expect(plain.output).toMatch(/┌/);
  expect(plain.output).not.toMatch(/\u001b\[1m/);
});

test('payables create on a terminal asks for what the flags left out', async () => {
  const r = await onTerminal(
    ['payables', 'create', '--method', 'ted', '--due', '+3d'],
    [
      [/Supplier[\s\S]*navigate/, ''],
      [/Payee name/, 'Vidraçaria Central'],
      [/Chart account[\s\S]*navigate/, ''],
      [/Amount/, '1.234,56'],
      [/Description/, 'Troca de vidro do hall'],
    ],
  );
  expect(r.exitCode, r.output).toBe(0);
  const created = (await s.condo.json('payables list --all')).find(
    (p: any) => p.description === 'Troca de vidro do hall',
  );
  expect(created).toMatchObject({
    amount: 123456,
    payee_name: 'Vidraçaria Central',
    forma_pagamento: 'ted',
    state: 'pending',
  });
});
