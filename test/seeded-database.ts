import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIn } from '../src/domain/dates.js';
import { DB_FILE } from '../src/sandbox/db/sqlite.js';
import { SandboxStore } from '../src/sandbox/store.js';

/**
 * A test sandbox's database starts as a copy of one this worker migrated and seeded already for the same day and
 * seed options: migrating and seeding a new database is most of a sandbox's start (~30 ms of CPU, against ~3 for
 * the copy), and the suite starts over a hundred (#31 point 7). What a new data dir does on its own (migrate,
 * seed, import a snapshot) is tested where a test starts a sandbox on a data dir of its own making.
 */
const made = new Map<string, Promise<Buffer | null>>();

function seeded(
  now: Date,
  opts: { bills: boolean; condominiums?: number | undefined },
): Promise<Buffer | null> {
  const key = JSON.stringify([todayIn(now), opts.bills, opts.condominiums ?? 0]);
  let database = made.get(key);
  if (!database) {
    database = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'condo-seed-'));
      try {
        SandboxStore.open(dir, {
          now,
          bills: opts.bills,
          ...(opts.condominiums ? { condominiums: opts.condominiums } : {}),
        }).close();
        // everything in the database file itself, or no copy
        if (existsSync(join(dir, `${DB_FILE}-wal`))) return null;
        return await readFile(join(dir, DB_FILE));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    made.set(key, database);
  }
  return database;
}

/** Puts a seeded database in the new, empty `dataDir` the sandbox is about to open with these options. */
export async function placeSeededDatabase(
  dataDir: string,
  now: Date,
  opts: { bills: boolean; condominiums?: number | undefined },
): Promise<void> {
  const database = await seeded(now, opts);
  if (!database) return;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(join(dataDir, DB_FILE), database, { mode: 0o600, flag: 'wx' });
}
