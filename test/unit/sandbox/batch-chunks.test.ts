import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monotonicFactory } from 'ulid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCnab240Sync } from '../../../src/formats/cnab240/index.js';
import { DB_FILE, openPlain } from '../../../src/sandbox/db/sqlite.js';
import { SandboxStore, TEST_CONDOMINIUM } from '../../../src/sandbox/index.js';
import type { PaymentBatchRecord } from '../../../src/sandbox/model.js';
import {
  batchFileChunk,
  batchFileSize,
  createBatch,
  FILE_CHUNK_BYTES,
} from '../../../src/sandbox/services/batches.js';

/**
 * #32 point 2: a batch's remittance is written from pages of its payables into chunks of the database, in the
 * order of its lotes, and read back a chunk at a time; its rows of `batch_file_chunks`, in seq order, are the whole file.
 */
let dataDir: string;
let store: SandboxStore;
let batch: PaymentBatchRecord;
const PAYABLES = 5_000; // 10,000 records of 242 bytes: three chunks

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'condo-chunks-'));
  store = SandboxStore.open(dataDir);
  const id = monotonicFactory();
  const now = new Date().toISOString();
  store.write(TEST_CONDOMINIUM, (tx) => {
    // as the benches seed (bench/sandbox.ts): TEDs to supplier 2 and PIX to supplier 1, interleaved by due date,
    // so the file's order (the lotes: PIX first, then TED) is not the payables' order
    const insert = tx.prepare(
      `INSERT INTO payables (condominium, public_id, supplier_id, chart_of_accounts_id, payee_name, amount,
         forma_pagamento, due_date, description, state, created_at, updated_at)
       VALUES (?, ?, ?, 24, 'Limpeza', ?, ?, ?, ?, 'marked_for_remessa', ?, ?)`,
    );
    for (let i = 0; i < PAYABLES; i++) {
      const pix = i % 4 === 0;
      const due = `2031-0${(i % 9) + 1}-10`;
      insert.run(
        TEST_CONDOMINIUM,
        id(),
        pix ? 1 : 2,
        1_000 + i,
        pix ? 'pix' : 'ted',
        due,
        `Item ${i}`,
        now,
        now,
      );
    }
  });
  batch = store.write(TEST_CONDOMINIUM, (tx) =>
    createBatch(tx, { data_pagamento: '2031-12-01' as never }, new Date()),
  );
});

afterAll(async () => {
  store.close();
  await rm(dataDir, { recursive: true, force: true });
});

function chunks(): Buffer[] {
  return store.read(TEST_CONDOMINIUM, (tx) => {
    const all: Buffer[] = [];
    for (let seq = 0; ; seq++) {
      const chunk = batchFileChunk(tx, batch, seq);
      if (!chunk) return all;
      all.push(chunk);
    }
  });
}

describe('a batch of 5,000 payables', () => {
  test('its file is in chunks of about a megabyte, whose bytes are the size and SHA-256 the batch states', () => {
    const parts = chunks();
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(FILE_CHUNK_BYTES);
    const whole = Buffer.concat(parts);
    expect(whole.length).toBe(batch.file_size);
    expect(store.read(TEST_CONDOMINIUM, (tx) => batchFileSize(tx, batch))).toBe(batch.file_size);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(batch.file_sha256);
    // every chunk ends at a record's end
    for (const part of parts) expect(part.subarray(-2).toString('latin1')).toBe('\r\n');
  });

  test('the file reads clean: every payable once, PIX lote first, then TED, in due-date order within each', () => {
    const file = readCnab240Sync(Buffer.concat(chunks()));
    expect(file.errors).toEqual([]);
    expect(file.truncated).toBe(false);
    expect(file.details).toBe(PAYABLES);
    expect(file.batches.map((b) => [b.forma, b.details])).toEqual([
      ['45', PAYABLES / 4],
      ['41', (PAYABLES * 3) / 4],
    ]);
    expect(batch.payables_count).toBe(PAYABLES);
    expect(batch.by_forma).toEqual({
      ted: expect.objectContaining({ count: (PAYABLES * 3) / 4 }),
      pix: expect.objectContaining({ count: PAYABLES / 4 }),
    });
    const dates = file.items.map((i) => i.date);
    expect(dates.every((d) => d === '2031-12-01')).toBe(true);
  });

  test('sqlite3 sees the whole file in its chunks, in order, and every payable is in the batch', () => {
    const db = openPlain(join(dataDir, DB_FILE));
    try {
      // the query a person types in any sqlite3 (#66: the view batch_files needed 3.44 and was dropped)
      const rows = db
        .prepare('SELECT content FROM batch_file_chunks WHERE batch_id = ? ORDER BY seq')
        .all(batch.public_id) as { content: Buffer }[];
      expect(rows.length).toBeGreaterThan(1);
      expect(Buffer.compare(Buffer.concat(rows.map((r) => r.content)), Buffer.concat(chunks()))).toBe(0);
      const states = db
        .prepare('SELECT state, count(*) AS n FROM payables WHERE batch_id = ? GROUP BY state')
        .all(batch.public_id);
      expect(states).toEqual([{ state: 'in_batch', n: PAYABLES }]);
    } finally {
      db.close();
    }
  });
});
