/**
 * Schema migrations: the SQL files of `migrations/`, found by their names (`004-what-it-does.sql` is version 4)
 * and applied in that order. Pending ones run in one transaction and `PRAGMA user_version` records the last
 * applied; a database written by a newer version (a higher user_version than the files here reach) is refused
 * rather than guessed at. A migration is its file: nothing registers it. The build copies the files beside the
 * bundle's chunks (scripts/build.mjs), where this module, bundled into one of them, finds them the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Sqlite } from './database.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Sqlite): void;
}

const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

/** The migrations in `dir`, by version; a gap or a repeated number in their names is refused. */
export function migrationsIn(dir: URL): Migration[] {
  return migrationsOf(readdirSync(dir), (file) => readFileSync(new URL(file, dir), 'utf8'));
}

/** The migrations among `names`, each read by `read`. */
function migrationsOf(names: readonly string[], read: (file: string) => string): Migration[] {
  const files = names.filter((f) => MIGRATION_FILE.test(f)).sort();
  return files.map((file, i) => {
    const version = Number(MIGRATION_FILE.exec(file)?.[1]);
    if (version !== i + 1) throw new Error(`migration ${file} is numbered ${version}, expected ${i + 1}`);
    const sql = read(file);
    return { version, name: file.slice(0, -'.sql'.length), up: (db) => db.exec(sql) };
  });
}

/** The single executable's migrations: its assets under migrations/ (scripts/package.mjs). */
function shippedMigrations(sea: NonNullable<typeof globalThis.condoSea>): Migration[] {
  const prefix = 'migrations/';
  return migrationsOf(
    sea.names(prefix).map((name) => name.slice(prefix.length)),
    (file) => new TextDecoder().decode(sea.asset(prefix + file)),
  );
}

let found: readonly Migration[] | undefined;

/** This build's migrations (read once per process). */
export function migrations(): readonly Migration[] {
  const sea = globalThis.condoSea;
  found ??= sea ? shippedMigrations(sea) : migrationsIn(new URL('./migrations/', import.meta.url));
  return found;
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the sandbox database is at schema version ${found}, newer than this condo knows (${known}); upgrade condo or use another data dir`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function schemaVersion(db: Sqlite): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/** Applies the migrations above the database's version, all in one transaction. */
export function migrate(db: Sqlite, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`migration ${m.name} is numbered ${m.version}, expected ${i + 1}`);
  });
  const known = migrations.length;
  const current = schemaVersion(db);
  if (current > known) throw new DatabaseTooNewError(current, known);
  if (current === known) return;
  db.transaction(() => {
    for (const m of migrations.slice(current)) m.up(db);
    db.prepare(`PRAGMA user_version = ${known}`).run();
  }).immediate();
}
