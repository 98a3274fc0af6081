import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  readSandboxCredentials,
  resetSandbox,
  SNAPSHOT_FILE,
  startSandbox,
  TEST_CONDOMINIUM,
} from '../../../src/sandbox/index.js';
import { sandboxSession } from './session.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'condo-sandbox-persist-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const payable = {
  supplier_id: 2,
  chart_of_accounts_id: 24,
  amount: 420_000,
  forma_pagamento: 'ted',
  due_date: '2030-01-20',
  description: 'Limpeza e conservação - janeiro',
};

describe('the data dir', () => {
  test('payables, tokens and clients survive a restart', async () => {
    const dataDir = await tempDir();
    const s = await sandboxSession({ dataDir });
    try {
      const token = await s.token();
      const created = await s.api('POST', '/payables', { token, json: payable });
      await s.api('POST', `/payables/${created.body.data.public_id}/mark-for-remessa`, { token });
      const secrets = s.sandbox.clients.map((c) => c.client_secret);

      await s.restart();
      expect(s.sandbox.clients.map((c) => c.client_secret)).toEqual(secrets);
      const again = await s.api('GET', `/payables/${created.body.data.public_id}`, { token });
      expect(again.status).toBe(200);
      expect(again.body.data.state).toBe('marked_for_remessa');
      expect(again.body.data.amount).toBe(420_000);
    } finally {
      await s.close();
    }
  });

  test('the snapshot is replaced atomically: no temporary file left, owner-only, valid JSON, no bearer tokens', async () => {
    const dataDir = await tempDir();
    const s = await sandboxSession({ dataDir });
    try {
      const token = await s.token();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          s.api('POST', '/payables', { token, json: { ...payable, description: `Parcela ${i + 1}` } }),
        ),
      );
      expect(await readdir(dataDir)).toEqual([SNAPSHOT_FILE]);
      const file = join(dataDir, SNAPSHOT_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const text = await readFile(file, 'utf8');
      const snapshot = JSON.parse(text);
      expect(snapshot.condominiums[0].payables).toHaveLength(20);
      expect(text).not.toContain(token);
    } finally {
      await s.close();
    }
  });

  test('credentials can be read without a server, seeding an empty data dir, and name the last base URL', async () => {
    const dataDir = await tempDir();
    const fresh = await readSandboxCredentials(dataDir);
    expect(fresh.base_url).toBeNull();
    expect(fresh.clients.map((c) => [c.name, c.condominium])).toEqual([
      ['default', TEST_CONDOMINIUM],
      ['read-only', TEST_CONDOMINIUM],
      ['other', 'edificio-aurora'],
    ]);
    expect(fresh.clients[1]!.scopes.every((sc) => sc.endsWith('.read'))).toBe(true);
    expect(fresh.clients[0]!.scopes).toContain('webhooks.manage');

    const running = await startSandbox({ dataDir, port: 0 });
    try {
      expect(running.clients).toEqual(fresh.clients);
      const read = await readSandboxCredentials(dataDir);
      expect(read.base_url).toBe(running.baseUrl);
      expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await running.close();
    }
  });

  test('a reset brings the seed data back and keeps the client credentials', async () => {
    const dataDir = await tempDir();
    const s = await sandboxSession({ dataDir });
    const before = s.sandbox.clients;
    await s.api('POST', '/payables', { json: payable });
    await s.close();

    await resetSandbox(dataDir);
    const s2 = await sandboxSession({ dataDir });
    try {
      expect(s2.sandbox.clients).toEqual(before);
      const list = await s2.api('GET', '/payables');
      expect(list.body.meta.total).toBe(0);
    } finally {
      await s2.close();
    }
  });

  test('a corrupt snapshot is refused rather than overwritten', async () => {
    const dataDir = await tempDir();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, SNAPSHOT_FILE), '{"half": ');
    await expect(startSandbox({ dataDir, port: 0 })).rejects.toThrow(/not valid JSON/);
    expect(await readFile(join(dataDir, SNAPSHOT_FILE), 'utf8')).toBe('{"half": ');
  });
});
