import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ulid } from 'ulid';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DatabaseTooNewError,
  migrate,
  migrations,
  migrationsIn,
  schemaVersion,
} from '../../../src/sandbox/db/migrations.js';
import { DB_FILE, openPlain } from '../../../src/sandbox/db/sqlite.js';
import { TABLES } from '../../../src/sandbox/db/tables.js';
import {
  PID_FILE,
  readSandboxCredentials,
  resetSandbox,
  SandboxRunningError,
  SandboxStore,
  SNAPSHOT_FILE,
  startSandbox,
  TEST_CONDOMINIUM,
} from '../../../src/sandbox/index.js';
import { seedState } from '../../../src/sandbox/seed/index.js';
import { beginImport, recordLines } from '../../../src/sandbox/services/statements.js';
import { storedPayable } from '../../e2e/stored-payables.js';
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

/** What an independent reader (sqlite3 would do the same) finds in the data dir's database. */
function peek<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = openPlain(join(dataDir, DB_FILE));
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

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

  test('one SQLite database, owner-only, that sqlite3 can read, holding no bearer token', async () => {
    const dataDir = await tempDir();
    const s = await sandboxSession({ dataDir });
    try {
      const token = await s.token();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          s.api('POST', '/payables', { token, json: { ...payable, description: `Parcela ${i + 1}` } }),
        ),
      );
      const files = (await readdir(dataDir)).sort();
      expect(files).toEqual([DB_FILE, `${DB_FILE}-shm`, `${DB_FILE}-wal`, PID_FILE]);
      for (const f of files) expect((await stat(join(dataDir, f))).mode & 0o777).toBe(0o600);
      const rows = peek<{ n: number }>(
        dataDir,
        "SELECT count(*) AS n FROM payables WHERE condominium = ? AND description LIKE 'Parcela %'",
        TEST_CONDOMINIUM,
      );
      expect(rows[0]?.n).toBe(20);
      expect(peek(dataDir, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
      for (const f of [DB_FILE, `${DB_FILE}-wal`]) {
        expect((await readFile(join(dataDir, f))).includes(Buffer.from(token))).toBe(false);
      }
    } finally {
      await s.close();
    }
    expect(await readdir(dataDir)).not.toContain(PID_FILE);
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
    const fresh = await sandboxSession({ bills: true });
    try {
      expect(s2.sandbox.clients).toEqual(before);
      // the payable made before is gone; this month's seeded bills are back, as a new sandbox has them
      const descriptions = async (s: typeof s2) =>
        (await s.api('GET', '/payables')).body.data.map((p: { description: string }) => p.description).sort();
      const after = await descriptions(s2);
      expect(after).not.toContain(payable.description);
      expect(after).toEqual(await descriptions(fresh));
      expect(after.length).toBeGreaterThan(0);
    } finally {
      await s2.close();
      await fresh.close();
    }
  });

  test('a reset is refused while a sandbox holds the data dir, unless forced', async () => {
    const dataDir = await tempDir();
    const s = await sandboxSession({ dataDir });
    try {
      await s.api('POST', '/payables', { json: payable });
      await expect(resetSandbox(dataDir)).rejects.toThrow(SandboxRunningError);
      expect((await s.api('GET', '/payables')).body.meta.total).toBe(1);
      await resetSandbox(dataDir, { force: true, bills: false });
      // the running server reads the fresh data at once: nothing of it lives outside the database
      expect((await s.api('GET', '/payables', { token: await s.token() })).body.meta.total).toBe(0);
    } finally {
      await s.close();
    }
  });

  test('a statement import a crash left half-written is deleted when the server starts again', async () => {
    const dataDir = await tempDir();
    const crashed = SandboxStore.open(dataDir, { recover: true });
    const account = crashed.read(TEST_CONDOMINIUM, (tx) => tx.bankAccounts.first(undefined, ['id']))!;
    const now = new Date();
    const parsed = {
      format: 'ofx' as const,
      encoding: 'utf-8' as const,
      warnings: [],
      errors: [],
      statements: [],
    };
    const input = { parsed, format: 'ofx' as const, fileName: null, sha256: 'x', forced: false };
    const imp = crashed.write(TEST_CONDOMINIUM, (tx) => beginImport(tx, account, input, now));
    const lines = Array.from({ length: 5_000 }, (_, i) => ({
      id: `F${i}`,
      key: `F${i}`,
      kind: 'movement' as const,
      fitid: `F${i}`,
      date: '2026-01-10',
      amountCents: 100 + i,
      type: 'CREDIT',
      name: null,
      memo: null,
      checkNumber: null,
      line: i + 10,
    }));
    await recordLines(crashed, imp, lines, now);
    crashed.close(); // no finishImport: the server "died" here
    expect(peek(dataDir, 'SELECT status FROM statement_imports')).toEqual([{ status: 'loading' }]);
    expect(peek<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM statement_movements')[0]?.n).toBe(5_000);

    const restarted = SandboxStore.open(dataDir, { recover: true });
    restarted.close();
    expect(peek(dataDir, 'SELECT status FROM statement_imports')).toEqual([]);
    expect(peek<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM statement_movements')[0]?.n).toBe(0);
    expect(peek<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM statement_lines')[0]?.n).toBe(0);
  });
});

describe('the JSON snapshot of earlier versions', () => {
  test('is imported once, with its batch files, then renamed .imported', async () => {
    const dataDir = await tempDir();
    const state = seedState(new Date());
    const condo = state.condominiums[0]!;
    const batchId = ulid();
    const at = new Date().toISOString();
    condo.payables.push(
      storedPayable({
        public_id: ulid(),
        supplier_id: 2,
        chart_of_accounts_id: 24,
        payee_name: 'Limpeza',
        amount: 12_345,
        forma_pagamento: 'ted',
        due_date: '2030-01-20',
        description: 'Importada do snapshot',
        state: 'in_batch',
        batch_id: batchId,
        created_at: at,
      }),
    );
    condo.batches.push({
      public_id: batchId,
      state: 'generated',
      data_pagamento: '2030-01-20',
      bank_account_id: condo.bank_accounts[0]!.id,
      file_name: 'PAG240_x_000001.rem',
      file_sequence: 1,
      file_sha256: 'f'.repeat(64),
      file_size: 6,
      payables_count: 1,
      total_amount: 12_345,
      by_forma: { ted: { count: 1, total_amount: 12_345 } },
      items: [
        {
          public_id: condo.payables[0]!.public_id,
          seu_numero: 'X',
          forma_pagamento: 'ted',
          payee_name: 'Limpeza',
          amount: 12_345,
          outcome: null,
          last_return: null,
        },
      ],
      returns: [],
      created_at: at,
    });
    await writeFile(join(dataDir, SNAPSHOT_FILE), JSON.stringify(state));
    await mkdir(join(dataDir, 'batches'));
    await writeFile(join(dataDir, 'batches', `${batchId}.rem`), 'REM\r\n\r\n');

    const s = await sandboxSession({ dataDir });
    try {
      expect(s.sandbox.clients.map((c) => c.client_secret)).toEqual(
        state.clients.map((c) => c.client_secret),
      );
      const list = await s.api('GET', '/payables');
      expect(list.body.data.map((p: { description: string }) => p.description)).toEqual([
        'Importada do snapshot',
      ]);
      const batch = await s.api('GET', `/pagamento-batches/${batchId}`);
      expect(batch.body.data.payables).toHaveLength(1);
      expect(batch.body.data.payables[0].state).toBe('in_batch');
      const file = await s.api('GET', `/pagamento-batches/${batchId}/file`);
      expect(file.text).toBe('REM\r\n\r\n');
      expect(await readdir(dataDir)).toContain(`${SNAPSHOT_FILE}.imported`);
      expect(await readdir(dataDir)).not.toContain(SNAPSHOT_FILE);
    } finally {
      await s.close();
    }
  });

  test('a corrupt snapshot is refused rather than overwritten', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, SNAPSHOT_FILE), '{"half": ');
    await expect(startSandbox({ dataDir, port: 0 })).rejects.toThrow(/not valid JSON/);
    expect(await readFile(join(dataDir, SNAPSHOT_FILE), 'utf8')).toBe('{"half": ');
  });
});

describe('the schema', () => {
  test('the migrations on an empty database make every declared table, with every declared column', () => {
    const db = openPlain(':memory:');
    migrate(db, migrations());
    expect(schemaVersion(db)).toBe(migrations().length);
    for (const spec of TABLES) {
      const columns = (db.pragma(`table_info(${spec.table})`) as { name: string }[]).map((c) => c.name);
      expect(columns, spec.table).toEqual(expect.arrayContaining(Object.keys(spec.columns)));
      if (spec.scoped) expect(columns, spec.table).toContain('condominium');
    }
    db.close();
  });

  test('the schema is one an older sqlite3 reads: no view, no aggregate ORDER BY (3.44+), #66', () => {
    const db = openPlain(':memory:');
    migrate(db, migrations().slice(0, 11));
    const objects = () =>
      db.prepare('SELECT type, name, sql FROM sqlite_master').all() as {
        type: string;
        name: string;
        sql: string | null;
      }[];
    // version 4's view, which Debian 12's sqlite3 (3.40) could not parse: `.tables` failed on the whole schema
    expect(objects().some((o) => o.type === 'view' && o.name === 'batch_files')).toBe(true);
    migrate(db, migrations());
    expect(objects().filter((o) => o.type === 'view')).toEqual([]);
    for (const o of objects()) expect(o.sql ?? '', o.name).not.toMatch(/group_concat\([^)]*ORDER BY/i);
    db.close();
  });

  test("a database of version 2 gains the payables' tribute column, empty, when it is opened", () => {
    const db = openPlain(':memory:');
    migrate(db, migrations().slice(0, 2));
    const columns = () => (db.pragma('table_info(payables)') as { name: string }[]).map((c) => c.name);
    expect(columns()).not.toContain('tribute');
    migrate(db, migrations());
    // every later migration runs too (#32 added a fourth): the database ends at the last version
    expect(schemaVersion(db)).toBe(migrations().length);
    expect(columns()).toContain('tribute');
    db.close();
  });

  test('a migration is found by its file name: a new file is applied, a gap in the numbers is refused', async () => {
    const dir = await tempDir();
    const shipped = new URL('../../../src/sandbox/db/migrations/', import.meta.url);
    for (const m of migrations())
      await copyFile(new URL(`${m.name}.sql`, shipped), join(dir, `${m.name}.sql`));
    const next = String(migrations().length + 1).padStart(3, '0');
    await writeFile(join(dir, `${next}-payable-note.sql`), 'ALTER TABLE payables ADD COLUMN trial TEXT;\n');
    const found = migrationsIn(pathToFileURL(`${dir}/`));
    expect(found.map((m) => m.version)).toEqual([
      ...migrations().map((m) => m.version),
      migrations().length + 1,
    ]);
    const db = openPlain(':memory:', { writable: true });
    migrate(db, found);
    expect(db.prepare('SELECT trial FROM payables').all()).toEqual([]);
    db.close();
    // a number skipped (whatever the count of migrations shipped now)
    const gap = migrations().length + 2;
    const gapName = `${String(gap).padStart(3, '0')}-payable-note.sql`;
    await rename(join(dir, `${next}-payable-note.sql`), join(dir, gapName));
    expect(() => migrationsIn(pathToFileURL(`${dir}/`))).toThrow(
      `${gapName} is numbered ${gap}, expected ${migrations().length + 1}`,
    );
  });

  test('migrations are applied once; a database from a newer version is refused', async () => {
    const dataDir = await tempDir();
    SandboxStore.open(dataDir).close();
    const db = openPlain(join(dataDir, DB_FILE), { writable: true });
    expect(schemaVersion(db)).toBe(migrations().length);
    migrate(db, migrations()); // nothing pending: nothing done
    db.pragma(`user_version = ${migrations().length + 1}`);
    db.close();
    expect(() => SandboxStore.open(dataDir)).toThrow(DatabaseTooNewError);
    await expect(startSandbox({ dataDir, port: 0 })).rejects.toThrow(/newer than this condo knows/);
  });
});
