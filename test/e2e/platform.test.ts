import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONDO_BIN, condoIn, leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/** The CLI core against a real sandbox: idempotency, scopes, tenancy, usage errors, debug redaction, config. */

let s: Session;
let account: number;
beforeAll(async () => {
  s = await sandboxSession();
  await s.login('read-only');
  await s.login('other');
  await s.condo.ok('config use default');
  account = await leafExpenseAccount(s.condo);
});
afterAll(() => s.close());

const payable = (amount: string) =>
  `payables create --payee 'Padaria' --chart-account ${account} --amount ${amount} --method ted --due +1d --description 'Lanche'`;

describe('writes are idempotent', () => {
  test('the same key and body replays the first result', async () => {
    const first = await s.condo.json(`--idempotency-key demo-key-1 ${payable('10')}`);
    const again = await s.condo.json(`--idempotency-key demo-key-1 ${payable('10')}`);
    expect(again.public_id).toBe(first.public_id);
    const all = await s.condo.json('payables list --all');
    expect(all.filter((p: any) => p.public_id === first.public_id)).toHaveLength(1);
  });

  test('the same key with another body is a conflict (exit 5)', async () => {
    await s.condo.json(`--idempotency-key demo-key-2 ${payable('10')}`);
    const r = await s.condo.run(`--idempotency-key demo-key-2 ${payable('11')}`);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/idempotency_conflict/);
  });
});

describe('scopes and tenancy', () => {
  test('the read-only client may read but not write (exit 3)', async () => {
    await s.condo.ok('--profile read-only payables list');
    const r = await s.condo.run(`--profile read-only ${payable('10')}`);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/insufficient_scope/);
  });

  test("another condominium's path is refused to the default token (exit 3)", async () => {
    const other = s.client('other').condominium;
    const r = await s.condo.run(['api', 'GET', `/api/v1/condominiums/${other}/payables`]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/forbidden/);
    const mine = JSON.parse(await s.condo.ok(['api', 'GET', 'payables']));
    expect(Array.isArray(mine.data)).toBe(true);
  });

  test('auth status shows the profile and its scopes; exit 3 when the credentials do not work', async () => {
    const status = await s.condo.json('--profile read-only auth status');
    expect(status).toMatchObject({
      profile: 'read-only',
      condominium: s.client('read-only').condominium,
      usable: true,
    });
    expect(status.scopes.every((x: string) => x.endsWith('.read'))).toBe(true);
    const bad = await s.condo.run('auth status', {
      env: {
        CONDO_BASE_URL: s.sandbox.baseUrl,
        CONDO_CONDOMINIUM: 'x',
        CONDO_CLIENT_ID: 'nobody',
        CONDO_CLIENT_SECRET: 'wrong',
      },
    });
    expect(bad.exitCode).toBe(3);
  });
});

describe('the raw api verb and request ids', () => {
  test('--request-id is sanitized as the spec says and echoed in the error line', async () => {
    const r = await s.condo.run([
      '--request-id',
      'suporte/ticket 4711!',
      'payables',
      'show',
      '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    ]);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/request id suporteticket4711\)/);
  });

  test('api POST reads its body from stdin with --input -', async () => {
    const body = {
      payee_name: 'Pelo stdin',
      chart_of_accounts_id: account,
      amount: 4321,
      forma_pagamento: 'cash',
      due_date: '2031-06-01',
      description: 'api --input',
    };
    const out = JSON.parse(
      await s.condo.ok(['api', 'POST', 'payables', '--input', '-'], { stdin: JSON.stringify(body) }),
    );
    expect(out.data).toMatchObject({ amount: 4321, state: 'pending', payee_name: 'Pelo stdin' });
  });
});

describe('usage errors are found before credentials or the network', () => {
  const fresh = () => condoIn(join(s.condo.configDir, 'never-logged-in'));
  test.each([
    ['--amount 1,234', /--amount: "1,234" is ambiguous/],
    ['--amount 10.123', /--amount: .*(ambiguous|more than two decimals)/],
    ['--amount 10 --due 2026-02-30', /--due: "2026-02-30" is not a date/],
    ['--amount 10 --method wire', /--method: "wire" is not one of pix, ted, doc, boleto, cash, check/],
  ])('payables create %s exits 2', async (flags, message) => {
    const r = await fresh().run(
      `payables create --chart-account 1 --description x --due +1d --method ted ${flags}`,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('a missing required flag without a terminal names the flag', async () => {
    const r = await fresh().run('payables create --amount 10 --method ted --due today');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--chart-account is required/);
  });

  test('an unknown output format is a usage error', async () => {
    const r = await fresh().run('-o yaml payables list');
    expect(r.exitCode).toBe(2);
  });

  test('not logged in is exit 3 with what to do', async () => {
    const r = await fresh().run('payables list');
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/condo auth login/);
  });
});

describe('the API described for integrators', () => {
  test('condo sandbox openapi prints the document the running sandbox serves', async () => {
    const printed = JSON.parse(await s.condo.ok(['sandbox', 'openapi', '--server', s.sandbox.baseUrl]));
    expect(printed.openapi).toBe('3.1.0');
    const served = await s.condo.json(['api', 'GET', '/api/v1/openapi.json']);
    expect(served).toEqual(printed);
    const file = join(s.condo.configDir, 'openapi.json');
    expect((await s.condo.ok(['sandbox', 'openapi', '-O', file])).trim()).toBe(file);
    expect((await stat(file)).size).toBeGreaterThan(10_000);
    const again = await s.condo.run(['sandbox', 'openapi', '-O', file]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('already exists');
    const bad = await s.condo.run(['sandbox', 'openapi', '--server', 'ftp://x']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--server: "ftp://x" is not an http(s) URL');
  });
});

describe('secrets stay secret', () => {
  test('--debug traces the calls without the client secret or the token', async () => {
    const secret = s.client('default').client_secret;
    const token = (await s.condo.ok('auth token')).trim();
    expect(token.length).toBeGreaterThan(10);
    const env = {
      CONDO_BASE_URL: s.sandbox.baseUrl,
      CONDO_CONDOMINIUM: s.client('default').condominium,
      CONDO_CLIENT_ID: s.client('default').client_id,
      CONDO_CLIENT_SECRET: secret,
    };
    const r = await s.condo.run(`--debug ${payable('12,34')}`, { env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/POST .*\/oauth\/token/);
    expect(r.stderr).toMatch(/POST .*\/payables/);
    expect(r.stderr).not.toContain(secret);
    expect(r.stderr).not.toContain(token);
    const fresh = (await s.condo.run('--debug payables list', { env })).stderr;
    expect(fresh).toMatch(/authorization: Bearer \[REDACTED\]/i);
  });

  test('the config file is readable by its owner only', async () => {
    const st = await stat(join(s.condo.configDir, 'config.json'));
    expect(st.mode & 0o777).toBe(0o600);
  });
});

describe('output', () => {
  test('--json prints the data array of a list', async () => {
    const list = await s.condo.json('bank-accounts list');
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]).toHaveProperty('current_balance');
  });

  test('sandbox credentials as JSON list the three seeded clients', async () => {
    const creds = await s.condo.json([
      'sandbox',
      'credentials',
      '--data-dir',
      join(s.condo.configDir, '..', 'sandbox'),
    ]);
    expect(creds.clients.map((c: any) => c.name).sort()).toEqual(['default', 'other', 'read-only']);
    expect(creds.base_url).toBe(s.sandbox.baseUrl);
  });

  test('--help and --version load none of the heavy modules', async () => {
    const fixture = join(import.meta.dirname, 'fixtures', 'trace-imports.mjs');
    for (const args of [['--help'], ['--version'], ['payables', '--help']]) {
      const { spawnSync } = await import('node:child_process');
      const r = spawnSync(process.execPath, ['--import', fixture, CONDO_BIN, ...args], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      const loaded = r.stderr.split('\n').filter((l) => l.startsWith('[resolved]'));
      expect(loaded.length).toBeGreaterThan(0);
      for (const heavy of ['undici', '/conf/', '@inquirer', 'fastify', 'cli-table3', 'typebox']) {
        expect(loaded.filter((l) => l.includes(heavy))).toEqual([]);
      }
    }
  });

  test('a TAB press (__complete) is answered from the completion table the build wrote, without commander', async () => {
    const condo = condoIn(join(s.condo.configDir, 'completion-table'));
    const { completionTable } = await import('../../src/cli/completion.js');
    const { buildProgram } = await import('../../src/cli/program.js');
    const { declarations } = await import('../../src/cli/verbs/index.js');
    const { readFile } = await import('node:fs/promises');
    const built = JSON.parse(
      await readFile(join(CONDO_BIN, '..', '..', 'dist', 'help', 'completion.json'), 'utf8'),
    );
    const sink = { write: () => true, isTTY: false };
    const io = { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, color: false } as never;
    expect(built).toEqual(
      JSON.parse(
        JSON.stringify(completionTable(await buildProgram(io, () => undefined), await declarations())),
      ),
    );
    for (const words of [
      ['pay'],
      ['payables', 'list', '--state', 'ma'],
      ['--word-empty', 'payables'],
      ['-o', ''],
    ]) {
      const { spawned, loaded } = await traced(condo, ['__complete', ...words]);
      expect(loaded.filter((l) => l.includes('dist/cli/main.js'))).toEqual([]);
      // what main answers, reading the table off the command tree
      expect(spawned.stdout).toBe((await condo.run(['__complete', ...words])).stdout);
      expect(spawned.stdout).not.toBe('');
    }
  });

  test('--help is printed from the help book: neither commander nor any verb loads, and the page is the same', async () => {
    const condo = condoIn(join(s.condo.configDir, 'help-pages'));
    for (const args of [['--help'], ['payables', '--help'], ['--lang', 'pt-BR', 'payables', 'list', '-h']]) {
      const { spawned, loaded } = await traced(condo, args);
      expect(spawned.exitCode).toBe(0);
      expect(loaded.filter((l) => l.includes('static-help.cjs'))).toHaveLength(1);
      // main.js is the one way to commander and the verbs
      expect(loaded.filter((l) => l.includes('dist/cli/main.js'))).toEqual([]);
      // what commander itself prints for the same words (in-process, not on a terminal: 80 columns)
      const commander = await condo.run(args);
      expect(commander.exitCode).toBe(0);
      expect(spawned.stdout).toBe(commander.stdout);
    }
  });
});

/** The binary run with tracers of what it require()s and imports: its result, and every module it resolved. */
async function traced(condo: ReturnType<typeof condoIn>, args: string[]) {
  const fixtures = join(import.meta.dirname, 'fixtures');
  const trace = [
    '--require',
    join(fixtures, 'trace-requires.cjs'),
    '--import',
    join(fixtures, 'trace-imports.mjs'),
  ];
  const spawned = await condo.run(args, { nodeArgs: trace });
  return { spawned, loaded: spawned.stderr.split('\n').filter((l) => l.startsWith('[resolved]')) };
}
