import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseStatement } from '../../../src/formats/statement/index.js';
import { migrate, migrations } from '../../../src/sandbox/db/migrations.js';
import { openPlain } from '../../../src/sandbox/db/sqlite.js';
import { corpusDir, manifest } from '../../corpus.js';
import { type Session, sandboxSession } from './session.js';

/**
 * #35 point 1: every transaction of a file ends in exactly one place (imported, a duplicate of an earlier import,
 * a balance, scheduled; a file with a line that cannot be read is refused whole, naming it), and a migration gives
 * the movements stored before their new key.
 */

const PAYMENT_ACCOUNT = 1;

let s: Session;
beforeAll(async () => {
  // eighty files in a row: more than a minute's requests at the default limit, which is not the point here
  s = await sandboxSession({ rateLimit: { count: 1000, seconds: 60 } });
});
afterAll(() => s.close());

async function importFile(bytes: Uint8Array, format: string, name: string, token: string) {
  const form = new FormData();
  form.append('format', format);
  form.append('force', 'true');
  form.append('file', new Blob([bytes]), name);
  const slug = s.client('default').condominium;
  return s.call('POST', `/condominiums/${slug}/bank-accounts/${PAYMENT_ACCOUNT}/statements/import`, {
    token,
    body: form,
  });
}

describe('every accepted statement of the corpus adds up', () => {
  // the manifest counts each file's transactions with another reader (ofx-js, or by hand), balance lines included
  const rows = manifest('statements').filter(
    (m) =>
      !/DELIBERATE|MALFORMED|BUSTED|INVALID|dates unparseable/.test(m.notes ?? '') &&
      !m.local_path?.endsWith('ofxdata-banking-xml200.ofx'),
  );

  test('imported + duplicates + balance lines + scheduled = the manifest’s transactions, file by file', async () => {
    expect(rows.length).toBeGreaterThan(60);
    let imported = 0;
    const token = await s.token();
    for (const row of rows) {
      const path = row.local_path as string;
      const bytes = new Uint8Array(readFileSync(resolve(corpusDir('statements'), path)));
      const format = row.format === 'csv' ? 'csv' : 'ofx';
      const parsed = await parseStatement(bytes, { format });
      // a file without a statement for an account (an empty one, a card's with no lines) is refused as such
      if (parsed.statements.length === 0) continue;
      const r = await importFile(bytes, format, path.split('/').pop() as string, token);
      expect(r.status, `${path}: ${r.text}`).toBe(201);
      const d = r.body.data;
      expect(d.imported + d.duplicates + d.balance_lines + d.scheduled, path).toBe(d.transactions);
      expect(d.transactions, path).toBe(Number(row.transactions));
      imported++;
    }
    expect(imported).toBeGreaterThan(60);
  });
});

describe('the migration to keys beyond the FITID', () => {
  test('movements stored with their FITID as the key get the key a new import gives the same line', async () => {
    const bytes = readFileSync(resolve(corpusDir('statements'), 'annacruz__ofx/bb.ofx'));
    const parsed = await parseStatement(new Uint8Array(bytes));
    const lines = parsed.statements.flatMap((st) => st.transactions);
    expect(lines.length).toBeGreaterThan(50);
    // a database as version 8 left it: each movement known by its FITID (or, without one, its hash)
    const db = openPlain(':memory:', { writable: true });
    migrate(db, migrations().slice(0, 8));
    db.pragma('foreign_keys = OFF');
    const insert = db.prepare(
      `INSERT INTO statement_movements (id, condominium, bank_account_id, statement_id, fitid, dedup_key, date,
       amount_cents, type, memo, name, document_number, line, reconciled, created_at)
       VALUES (?, 'c', 1, 'S', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'now')`,
    );
    for (const [i, t] of lines.entries())
      insert.run(
        `M${i}`,
        t.fitid,
        t.id,
        t.date,
        t.amountCents,
        t.type,
        t.memo,
        t.name,
        t.checkNumber,
        t.line,
      );
    migrate(db, migrations());
    const keys = (
      db.prepare('SELECT dedup_key FROM statement_movements ORDER BY id').all() as { dedup_key: string }[]
    ).map((r) => r.dedup_key);
    const byId = new Map(lines.map((t, i) => [`M${i}`, t.key]));
    const ids = (db.prepare('SELECT id FROM statement_movements ORDER BY id').all() as { id: string }[]).map(
      (r) => r.id,
    );
    expect(keys).toEqual(ids.map((id) => byId.get(id)));
    db.close();
  });
});
