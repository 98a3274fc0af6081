/**
 * Schema migrations: numbered modules listed here in order, so the bundle carries them. Pending ones run in one
 * transaction and `PRAGMA user_version` records the last applied; a database written by a newer version (a
 * higher user_version than this list knows) is refused rather than guessed at.
 */

import { initialSchema } from './migrations/001-initial.js';
import { payableHistoryIndex } from './migrations/002-payable-history.js';
import { payableTribute } from './migrations/003-payable-tribute.js';
import type { Sqlite } from './sqlite.js';

export interface Migration {
  version: number;
  name: string;
  up(db: Sqlite): void;
}

export const MIGRATIONS: readonly Migration[] = [initialSchema, payableHistoryIndex, payableTribute];

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
