import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPlain } from '../../src/sandbox/db/sqlite.js';
import { DB_FILE } from '../../src/sandbox/index.js';
import { CONDO_BIN, type Condo, condoIn, type Session, sandboxSession } from './harness.js';
import { storeTeds } from './stored-payables.js';
import { runOnTerminal } from './tty.js';

/**
 * Faults on an ordinary day (#18), each with the real CLI and the real sandbox: a restart in the middle of a
 * command, a response lost after the server acted, Ctrl-C in a bulk, a short token lifetime, hostile names, and a
 * foreign Host header.
 */

let root: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'condo-faults-'));
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/** `condo sandbox start` as its own process, as a person runs it; resolves once it listens. */
function startSandbox(condo: Condo, dataDir: string, port: number, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [CONDO_BIN, 'sandbox', 'start', '--port', String(port), '--data-dir', dataDir, ...extra],
    { env: condo.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise<{ child: ChildProcess; url: string; stderr: () => string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
    child.stdout.once('data', (d: Buffer) =>
      resolve({ child, url: d.toString().trim(), stderr: () => stderr }),
    );
  });
}

/** Waits for a condition to hold (a process's output arriving), giving up after 10 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const countIn = (dataDir: string, sql: string) => {
  const db = openPlain(join(dataDir, DB_FILE));
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const payableArgs = [
  'payables',
  'create',
  '--payee',
  'Padaria',
  '--chart-account',
  '24',
  '--amount',
  '12,50',
  '--method',
  'ted',
  '--due',
  '+3d',
  '--description',
  'Lanche',
];

describe('retries that fit the failure', () => {
  test('a sandbox restarted in the middle of a command: the command waits, says so on a terminal, and succeeds', async () => {
    const condo = condoIn(join(root, 'restart-config'));
    const dataDir = join(root, 'restart-data');
    const first = await startSandbox(condo, dataDir, 0);
    const port = Number(new URL(first.url).port);
    await condo.ok(['--profile', `sandbox-${port}`, 'suppliers', 'list']); // a token in the cache
    await stop(first.child);
    // Down for a second, then back on the same port and data dir.
    const back = new Promise((r) => setTimeout(r, 1_000)).then(() => startSandbox(condo, dataDir, port));
    const r = await runOnTerminal(condo, ['--profile', `sandbox-${port}`, ...payableArgs]);
    await back;
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output).toMatch(/the server is not reachable \(ECONNREFUSED\); retrying in \d+ s/);
    expect(r.output).toMatch(/created payable [0-9A-Z]{26}/);
    expect(countIn(dataDir, "SELECT count(*) AS n FROM payables WHERE description = 'Lanche'")).toBe(1);
  });
});

/**
 * A relay in front of the sandbox that passes every request on, and for a payable's create hangs up instead of
 * passing the answer back: the server acted, the client never hears of it.
 */
async function answerDropper(port: number): Promise<{ url: string; close(): void; dropped: () => number }> {
  let dropped = 0;
  const server: Server = createServer((client) => {
    const upstream = createConnection({ port, host: '127.0.0.1' });
    let drop = false;
    client.on('data', (d: Buffer) => {
      if (/^POST \S+\/payables /.test(d.toString('latin1'))) drop = true;
    });
    client.pipe(upstream);
    upstream.on('data', (d: Buffer) => {
      if (!drop) {
        client.write(d);
        return;
      }
      dropped++;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay did not listen');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close(), dropped: () => dropped };
}

describe('an unknown outcome is said to be unknown', () => {
  let s: Session;
  beforeAll(async () => {
    s = await sandboxSession({ skipWaits: true });
  });
  afterAll(() => s.close());

  test('a lost answer: exit 7, "outcome unknown", the key; the printed command gets the answer without a second payable', async () => {
    await s.condo.ok('auth token'); // the token comes straight from the sandbox
    const relay = await answerDropper(s.sandbox.port);
    try {
      // Every retry is dropped too, until the retry budget runs out (on the session's clock, whose waits take no
      // time; 3 s of it).
      const lost = await s.condo.run(['--base-url', relay.url, ...payableArgs, '--description', 'Perdido'], {
        env: { CONDO_RETRY_BUDGET_SECONDS: '3' },
      });
      expect(lost.exitCode).toBe(7);
      expect(lost.stderr).toMatch(
        /error: outcome unknown: POST \/api\/v1\/condominiums\/[a-z-]+\/payables was sent/,
      );
      expect(lost.stderr).not.toMatch(/cannot reach/);
      const again = /^ {2}(condo .* --idempotency-key ([0-9A-Z]{26}))$/m.exec(lost.stderr);
      expect(again, lost.stderr).not.toBeNull();
      expect(relay.dropped()).toBeGreaterThan(0);
      // Every retry carried the same key, so the server acted once.
      const created = await s.condo.json(['payables', 'list', '--state', 'pending']);
      expect(created.filter((p: any) => p.description === 'Perdido')).toHaveLength(1);
      // The printed command, without the relay, is the answer.
      const args = String(again?.[1] ?? '')
        .split(' ')
        .slice(1)
        .filter((a, i, all) => a !== '--base-url' && all[i - 1] !== '--base-url');
      const replay = await s.condo.run(args.map((a) => a.replace(/^'(.*)'$/, '$1')));
      expect(replay.exitCode, replay.stderr).toBe(0);
      const after = await s.condo.json(['payables', 'list', '--state', 'pending']);
      expect(after.filter((p: any) => p.description === 'Perdido')).toHaveLength(1);
    } finally {
      relay.close();
    }
  });
});

describe('Ctrl-C in a bulk leaves a state to resume', () => {
  test('SIGINT at a few hundred of 600: what was created is reported; the same command again creates only the rest', async () => {
    const condo = condoIn(join(root, 'bulk-config'));
    const dataDir = join(root, 'bulk-data');
    const sandbox = await startSandbox(condo, dataDir, 0, ['--rate-limit', '1000000/60']);
    const profile = `sandbox-${new URL(sandbox.url).port}`;
    const file = join(root, 'bulk.json');
    const BULK = 600;
    await writeFile(
      file,
      JSON.stringify(
        Array.from({ length: BULK }, (_, i) => ({
          payee_name: 'Fornecedor',
          chart_of_accounts_id: 24,
          amount: 10_000 + i,
          forma_pagamento: 'ted',
          due_date: '2031-01-20',
          description: `Item ${i + 1}`,
        })),
      ),
    );
    const items = "SELECT count(*) AS n FROM payables WHERE description LIKE 'Item %'";
    const command = ['--profile', profile, 'payables', 'create', '--from-file', file];
    const first = await condo.run(command, {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (countIn(dataDir, items) >= 100) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 10);
        child.on('exit', () => clearInterval(poll));
      },
    });
    expect(first.exitCode).toBe(130);
    const said = /(\d+) of 600 created; run the same command again to finish/.exec(first.stderr);
    expect(said, first.stderr).not.toBeNull();
    const reported = Number(said?.[1]);
    expect(reported).toBeGreaterThanOrEqual(100);
    expect(reported).toBeLessThan(BULK);
    expect(countIn(dataDir, items)).toBe(reported);
    expect(first.stdout.trim().split('\n')).toHaveLength(reported);

    const second = await condo.run(command);
    expect(second.exitCode, second.stderr).toBe(0);
    // what the first run made is counted apart, as made before (#66): it was "600 created"
    expect(second.stderr).toContain(`${BULK - reported} created, 0 failed; ${reported} already there`);
    expect(countIn(dataDir, items)).toBe(BULK);
    expect(
      countIn(
        dataDir,
        "SELECT count(DISTINCT description) AS n FROM payables WHERE description LIKE 'Item %'",
      ),
    ).toBe(BULK);
    await stop(sandbox.child);
  }, 120_000);
});

describe('Ctrl-C in a bulk mark, and the same command again (#50 point 8)', () => {
  const MANY = 400;
  let s: Session;
  let ids: string[];
  beforeAll(async () => {
    s = await sandboxSession({
      // three runs of 400 marks within a minute: over the default 600 a minute, whose waits are not the point
      rateLimit: { count: 100_000, seconds: 60 },
      // a firm's month: 400 TEDs to suppliers with bank data, pending (creating them over HTTP would take a minute)
      prepare: (store) => storeTeds(store, { count: MANY, state: 'pending', dueDate: '2031-02-10' }),
    });
    ids = (await s.condo.json('payables list --state pending --all')).map((p: any) => p.public_id);
    expect(ids).toHaveLength(MANY);
  });
  afterAll(() => s.close());

  test('stopped at a hundred or so: counts and the command again in Portuguese; again: the marked ones count as done, exit 0', async () => {
    const marked = "SELECT count(*) AS n FROM payables WHERE state = 'marked_for_remessa'";
    const stdin = `${ids.join('\n')}\n`;
    const command = ['--lang', 'pt-BR', 'payables', 'mark', '-'];
    const first = await s.condo.run(command, {
      stdin,
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (countIn(s.dataDir, marked) >= 100) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 10);
        child.on('exit', () => clearInterval(poll));
      },
    });
    expect(first.exitCode, first.stderr).toBe(130);
    expect(first.stderr).not.toMatch(/\binterrupted\b/);
    const said = /(\d+) de 400 marcadas; rode o mesmo comando de novo para terminar/.exec(first.stderr);
    expect(said, first.stderr).not.toBeNull();
    const reported = Number(said?.[1]);
    expect(reported).toBeGreaterThanOrEqual(100);
    expect(reported).toBeLessThan(MANY);
    // a request cut off in flight is "sem resposta", never "com falha"
    expect(first.stderr).toMatch(/^\d+ marcadas?, 0 com falha/m);
    const before = countIn(s.dataDir, marked);
    expect(before).toBeGreaterThanOrEqual(reported);

    const second = await s.condo.run(command, { stdin });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${MANY - before} marcadas, 0 com falha; ${before} já estavam marcadas`);
    expect(countIn(s.dataDir, marked)).toBe(MANY);
    // a script reads each as ok, the ones already marked said so
    const third = await s.condo.run(['payables', 'mark', '-'], { stdin });
    expect(third.exitCode).toBe(0);
    expect(third.stdout.split('\n').filter((l) => l.endsWith('\tok\talready marked'))).toHaveLength(MANY);
    expect(third.stderr).toContain(`0 marked, 0 failed; ${MANY} were already marked`);
  });

  test('payables delete again after it was stopped: what it deleted is replayed, not a 404 (exit 0)', async () => {
    const three = ids.slice(-3);
    const first = await s.condo.run(['payables', 'delete', '--yes', ...three.slice(0, 2)]);
    expect(first.exitCode, first.stderr).toBe(0);
    // the same command with the rest of the list, as after a Ctrl-C: each payable's delete keeps its key
    const again = await s.condo.run(['payables', 'delete', '--yes', ...three]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('3 deleted, 0 failed');
  });

  test('a payable already in a batch is still a failure, exit 5', async () => {
    const one = ids.slice(0, 2);
    await s.condo.ok(['batches', 'create', '--date', 'next-business-day', '--yes']);
    const r = await s.condo.run(['payables', 'mark', ...one]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain('0 marked, 2 failed');
  });
});

describe('tokens, names, secrets and hosts', () => {
  let s: Session;
  beforeAll(async () => {
    s = await sandboxSession({ tokenTtlSeconds: 30 });
  });
  afterAll(() => s.close());

  test('a 30 s token serves several commands: renewed only when less than half its life is left', async () => {
    const tokens = () => countIn(s.dataDir, 'SELECT count(*) AS n FROM access_tokens');
    const before = tokens();
    for (let i = 0; i < 6; i++) await s.condo.ok('units list');
    expect(tokens()).toBe(before);
  });

  test('a hostile payee name is shown escaped on a terminal and in tsv; JSON escapes it as JSON does', async () => {
    const hostile = 'Evil\u001b]0;pwned\u0007\u001b[2J Ltda\u009b';
    const created = await s.condo.json([...payableArgs, '--payee', hostile, '--description', 'Hostil']);
    const tty = await runOnTerminal(s.condo, ['payables', 'show', created.public_id]);
    expect(tty.output).toContain('Evil\\x1B]0;pwned\\x07\\x1B[2J Ltda\\x9B');
    expect(tty.output).not.toContain('\u001b]0;');
    const tsv = await s.condo.run(['payables', 'list', '--state', 'pending']);
    const line = tsv.stdout.split('\n').find((l) => l.includes('Hostil'));
    expect(line).toContain('Evil\\x1B]0;pwned\\x07\\x1B[2J Ltda\\x9B');
    expect(tsv.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const json = await s.condo.run(['payables', 'show', created.public_id, '--json']);
    expect(json.stdout).toContain('Evil\\u001b]0;pwned\\u0007\\u001b[2J Ltda');
    expect(JSON.parse(json.stdout).payee_name).toBe(hostile);
  });

  test('a second download into the same folder keeps the first file unless --force', async () => {
    const id = JSON.parse(
      (await s.condo.run([...payableArgs, '--supplier', '1', '--json', '--description', 'Lote'])).stdout,
    ).public_id;
    await s.condo.ok(['payables', 'mark', id]);
    const batch = await s.condo.json('batches create --date next-business-day');
    const folder = await mkdtemp(join(root, 'downloads-'));
    const inFolder = { env: {}, cwd: folder };
    const download = (extra: string[] = []) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CONDO_BIN, 'batches', 'download', batch.public_id, ...extra], {
          env: s.condo.env,
          cwd: inFolder.cwd,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => {
          stdout += d;
        });
        child.stderr.on('data', (d: Buffer) => {
          stderr += d;
        });
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      });
    const first = await download();
    expect(first.code, first.stderr).toBe(0);
    const path = first.stdout.trim();
    expect(path.startsWith(folder)).toBe(true);
    await writeFile(path, 'sent to the bank already');
    const second = await download();
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/already exists \(--force overwrites it\)/);
    expect(await readFile(path, 'utf8')).toBe('sent to the bank already');
    expect((await download(['--force'])).code).toBe(0);
    expect((await readFile(path, 'latin1')).length).toBeGreaterThan(240);
  });

  test('a foreign Host header gets a 421 from a loopback sandbox; --allow-host adds a name', async () => {
    const at = (host: string, port = s.sandbox.port) =>
      new Promise<number>((resolve, reject) => {
        const socket = createConnection({ port, host: '127.0.0.1' }, () =>
          socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        );
        let head = '';
        socket.on('data', (d) => {
          head += d.toString();
        });
        socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])));
        socket.on('error', reject);
      });
    expect(await at('evil.example')).toBe(421);
    expect(await at('evil.example:4010')).toBe(421);
    expect(await at(`localhost:${s.sandbox.port}`)).toBe(200);
    expect(await at('127.0.0.1')).toBe(200);
    expect(await at('[::1]:80')).toBe(200);

    const condo = condoIn(join(root, 'hosts-config'));
    const allowed = await startSandbox(condo, join(root, 'hosts-data'), 0, ['--allow-host', 'condo.test']);
    const port = Number(new URL(allowed.url).port);
    expect(await at('condo.test', port)).toBe(200);
    expect(await at('evil.example', port)).toBe(421);
    await stop(allowed.child);
  });

  test('bound to every address, the sandbox warns and says where it can be reached', async () => {
    const condo = condoIn(join(root, 'open-config'));
    const open = await startSandbox(condo, join(root, 'open-data'), 0, ['--host', '0.0.0.0']);
    // stderr and stdout are two pipes: the warning may arrive just after the line that said it listens.
    await until(() => open.stderr().includes('warning:'));
    expect(open.stderr()).toMatch(/warning: the sandbox listens on 0\.0\.0\.0:\d+, not only on this machine/);
    await stop(open.child);
  });

  test('webhooks verify --secret still works, and warns on a terminal that ps shows it', async () => {
    const payload = join(root, 'payload.json');
    await writeFile(payload, '{}');
    const args = ['webhooks', 'verify', '--secret', 'whsec_x', '--signature', 't=1,v1=00', payload];
    const tty = await runOnTerminal(s.condo, args);
    expect(tty.output).toMatch(
      /--secret shows the secret to anyone running ps; use --secret-file or CONDO_WEBHOOK_SECRET/,
    );
    const piped = await s.condo.run(args);
    expect(piped.stdout).toBe('invalid\n');
    expect(piped.stderr).not.toMatch(/anyone running ps/);
  });

  test('the config folder is 0700 and its file 0600, even under umask 000', async () => {
    const dir = join(root, 'umask-config');
    const me = s.client('default');
    const r = await new Promise<number>((resolve) => {
      const child = spawn(
        'sh',
        [
          '-c',
          `umask 000; echo "$SECRET" | "${process.execPath}" "${CONDO_BIN}" auth login --no-input --base-url ${s.sandbox.baseUrl} --condominium ${me.condominium} --client-id ${me.client_id} --client-secret-stdin`,
        ],
        { env: { ...s.condo.env, CONDO_CONFIG_DIR: dir, SECRET: me.client_secret } },
      );
      child.on('close', (code) => resolve(code ?? -1));
    });
    expect(r).toBe(0);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'config.json'))).mode & 0o777).toBe(0o600);
  });
});
