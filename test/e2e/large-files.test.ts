import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { monotonicFactory } from 'ulid';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SandboxStore, TEST_CONDOMINIUM } from '../../src/sandbox/index.js';
import { CONDO_BIN, leafExpenseAccount, type Session, sandboxSession } from './harness.js';
import { storedPayable } from './stored-payables.js';

/**
 * An 8 MB remittance: downloaded with the CLI's memory staying flat, and a download interrupted half-way that
 * leaves no file behind. The payables are put straight into the sandbox's store (creating 17,500 of them
 * over HTTP would take minutes); everything after that goes through the CLI.
 */

// two 240-character records (A + B) each: ~8.5 MB, over five times what streaming holds at its peak, so a file held
// whole cannot pass (npm run bench and #32 measure bigger ones)
const PAYMENTS = 17_500;
let s: Session;
let batchId: string;

function seedMarkedPayables(store: SandboxStore): void {
  store.write(TEST_CONDOMINIUM, (tx) => {
    const supplier = tx.suppliers.find().find((x) => x.bank && x.document);
    const account = tx.chartAccounts
      .find()
      .find((a) => a.type === 'expense' && a.code.split('.').length === 3);
    if (!supplier || !account)
      throw new Error('the seed lacks a supplier with bank data or an expense account');
    const id = monotonicFactory();
    const now = new Date().toISOString();
    for (let i = 0; i < PAYMENTS; i++) {
      tx.payables.insert(
        storedPayable({
          public_id: id(),
          supplier_id: supplier.id,
          chart_of_accounts_id: account.id,
          payee_name: supplier.name,
          amount: 10_000 + i,
          forma_pagamento: 'ted',
          due_date: '2031-01-10',
          description: `Parcela ${i + 1}`,
          state: 'marked_for_remessa',
          created_at: now,
        }),
      );
    }
  });
}

beforeAll(async () => {
  s = await sandboxSession({ prepare: seedMarkedPayables });
  batchId = (await s.condo.json('batches create --date next-business-day')).public_id;
}, 120_000);
afterAll(() => s?.close());

const probe = ['--expose-gc', '--import', join(import.meta.dirname, 'fixtures', 'report-live-memory.mjs')];
const livePeakKb = (stderr: string) => Number(/\[live-peak-kb\] (\d+)/.exec(stderr)?.[1]);

test('an 8 MB remittance downloads with the CLI memory flat', async () => {
  const target = join(s.condo.configDir, 'big.rem');
  const big = await s.condo.run(['batches', 'download', batchId, '-O', target], { nodeArgs: probe });
  expect(big.exitCode, big.stderr).toBe(0);
  const size = (await stat(target)).size;
  expect(size).toBeGreaterThan(8_000_000);
  // The same process shape without the file: the same command, loading the same modules (since #34 a download
  // lints its file, loading the CNAB reader), for a batch of one payment.
  const chart = await leafExpenseAccount(s.condo);
  const one = await s.condo.json(
    `payables create --supplier brilho --chart-account ${chart} --method ted --amount 10,00 --due +5d --description Pequeno`,
  );
  await s.condo.ok(['payables', 'mark', one.public_id]);
  const smallBatch = (await s.condo.json('batches create --date next-business-day --yes')).public_id;
  const small = await s.condo.run(
    ['batches', 'download', smallBatch, '-O', join(s.condo.configDir, 'small.rem')],
    {
      nodeArgs: probe,
    },
  );
  expect(small.exitCode, small.stderr).toBe(0);
  // Streaming holds a few chunks at a time (1.5 MB measured; more when the disk is slower than the socket);
  // holding the file would add its 8.5 MB.
  const growthMb = (livePeakKb(big.stderr) - livePeakKb(small.stderr)) / 1024;
  expect(growthMb).toBeLessThan(5);
});

/** A TCP relay that passes the request on and dribbles the response back, so a download takes a while. */
async function slowRelay(port: number, bytesPerSecond: number): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((client) => {
    const upstream = createConnection({ port, host: '127.0.0.1' });
    const slow = new Transform({
      transform(chunk: Buffer, _enc, done) {
        let offset = 0;
        const step = Math.max(1, Math.floor(bytesPerSecond / 20));
        const push = () => {
          if (offset >= chunk.length) return done();
          this.push(chunk.subarray(offset, offset + step));
          offset += step;
          setTimeout(push, 50);
        };
        push();
      },
    });
    client.pipe(upstream);
    upstream.pipe(slow).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay did not listen');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

test('a download interrupted half-way leaves no file behind', async () => {
  const relay = await slowRelay(s.sandbox.port, 2_000_000);
  const folder = join(s.condo.configDir, 'interrupted');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(folder);
  const target = join(folder, 'lote.rem');
  try {
    const r = await s.condo.run(['--base-url', relay.url, 'batches', 'download', batchId, '-O', target], {
      onSpawn: (child) => {
        // Interrupt once the partial file has some bytes in it: the transfer is under way.
        const poll = setInterval(async () => {
          const names = await readdir(folder).catch(() => []);
          const partial = names.find((n) => n.includes('partial'));
          if (!partial) return;
          const { size } = await stat(join(folder, partial)).catch(() => ({ size: 0 }));
          if (size > 1_000_000) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 20);
        child.on('exit', () => clearInterval(poll));
      },
    });
    expect(r.exitCode).toBe(130);
    expect(await readdir(folder)).toEqual([]);
  } finally {
    relay.close();
  }
});

/** `condo … | head -1` in bash, reporting condo's own exit status (PIPESTATUS) and its stderr. */
function piped(command: string): Promise<{ status: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      ['-c', `${command} 2>"$ERR" | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$ERR"`],
      {
        env: {
          ...s.condo.env,
          CONDO: `${process.execPath} ${CONDO_BIN}`,
          ERR: join(s.condo.configDir, 'err'),
        },
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', () => {
      const [status = '', ...rest] = out.split('\n');
      resolve({ status, stderr: rest.join('\n') });
    });
  });
}

test('piped into head, a big output ends quietly with exit 0 (no EPIPE stack)', async () => {
  const rem = join(s.condo.configDir, 'piped.rem');
  await s.condo.ok(['batches', 'download', batchId, '-O', rem]);
  const download = await piped(`$CONDO batches download ${batchId} -O -`);
  expect(download).toEqual({ status: '0', stderr: '' });
  const inspected = await piped(`$CONDO cnab inspect ${rem}`);
  expect(inspected.status).toBe('0');
  // (the summary goes to stderr when stdout is not a terminal, #53: a stack's frames are what must not)
  expect(inspected.stderr).not.toMatch(/EPIPE|node:events|^\s+at /m);
  const json = await piped(`$CONDO cnab inspect ${rem} --json`);
  expect(json).toEqual({ status: '0', stderr: '' });
});
