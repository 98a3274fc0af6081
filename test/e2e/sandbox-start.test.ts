import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { bindPort } from '../../src/sandbox/index.js';
import { type Session, sandboxSession } from './harness.js';

/**
 * #28 point 6: `sandbox start` changes nothing until it listens. On a port in use it says so and how to get a
 * free one, and neither the running sandbox's data nor a new data dir is touched.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

const condominiums = async () =>
  (await s.condo.json(['sandbox', 'credentials', '--data-dir', s.dataDir])).clients.length;

test('a start on a port in use says so, exits 2, and changes no database', async () => {
  const before = await condominiums();
  const root = mkdtempSync(join(tmpdir(), 'condo-start-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const fresh = join(root, 'data');
  for (const dataDir of [s.dataDir, fresh]) {
    const r = await s.condo.run(
      ['sandbox', 'start', '--port', String(s.sandbox.port), '--data-dir', dataDir, '--condominiums', '5'],
      { spawn: true },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `error: port ${s.sandbox.port} is in use (another sandbox?); --port 0 picks a free one`,
    );
  }
  expect(await condominiums()).toBe(before);
  expect(existsSync(join(fresh, 'sandbox.db'))).toBe(false);
});

test('while it starts, the port answers 503 with Retry-After; then the app serves', async () => {
  const bound = await bindPort('127.0.0.1', 0);
  const port = (bound.server.address() as { port: number }).port;
  const get = () =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      request(`http://127.0.0.1:${port}/api/v1/ping`, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
        .on('error', reject)
        .end();
    });
  try {
    const starting = await get();
    expect(starting.status).toBe(503);
    expect(starting.headers['retry-after']).toBe('1');
    expect(starting.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(starting.body)).toMatchObject({ error: { code: 'starting' } });
    bound.serve((_req, res) => res.end('ready'));
    expect((await get()).body).toBe('ready');
  } finally {
    await bound.close();
  }
});
