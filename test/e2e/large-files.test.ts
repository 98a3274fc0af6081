import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONDO_BIN, type Session, sandboxSession } from './harness.js';
import { storeTeds } from './stored-payables.js';

/**
 * A remittance of 2,000 payments (about a megabyte, far more than a pipe holds): a download interrupted half-way
 * leaves no file behind, and a big output piped into head ends quietly. The payables are put straight into the
 * sandbox's store; everything after that goes through the CLI. The download's memory at 8.5 MB is
 * `npm run stress` (test/stress/large-files.test.ts).
 */

let s: Session;
let batchId: string;

beforeAll(async () => {
  s = await sandboxSession({
    prepare: (store) =>
      storeTeds(store, { count: 2_000, state: 'marked_for_remessa', dueDate: '2031-01-10' }),
  });
  batchId = (await s.condo.json('batches create --date next-business-day')).public_id;
}, 120_000);
afterAll(() => s?.close());

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
  const relay = await slowRelay(s.sandbox.port, 400_000);
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
          if (size > 200_000) {
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
