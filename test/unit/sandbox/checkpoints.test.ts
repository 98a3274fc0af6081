import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/index.js';

/**
 * #32 point 4: during a long run of writes the connection that answers requests stops checkpointing (a checkpoint
 * fsyncs, and stopped the server for tens of milliseconds at a time), and a worker thread with a connection of its
 * own copies the write-ahead log into the database instead.
 */
let dataDir: string;
let store: SandboxStore;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'condo-checkpoints-'));
  store = SandboxStore.open(dataDir);
});
afterAll(async () => {
  store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const autocheckpoint = () =>
  (store.sqlite.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number })
    .wal_autocheckpoint;

describe('checkpoints in the background', () => {
  test('paused, the log grows past where SQLite would checkpoint; the worker copies all of it; resumed, SQLite checkpoints again', async () => {
    store.pauseCheckpoints();
    expect(autocheckpoint()).toBe(0);
    for (let i = 0; i < 40; i++) {
      store.writeUnsynced(null, (tx) => {
        const insert = tx.prepare('INSERT INTO sequences (kind, next_id) VALUES (?, ?)');
        for (let n = 0; n < 500; n++) insert.run(`bench-${i}-${n}-${'x'.repeat(200)}`, n);
      });
    }
    const copied = await store.checkpointInBackground();
    expect(copied?.log).toBeGreaterThan(1_000); // pages: more than SQLite's own checkpoint would have let grow
    expect(copied?.checkpointed).toBe(copied?.log);
    await store.resumeCheckpoints();
    expect(autocheckpoint()).toBe(1_000);
  });

  test('pauses nest: the first resume of two keeps the pause', async () => {
    store.pauseCheckpoints();
    store.pauseCheckpoints();
    await store.resumeCheckpoints();
    expect(autocheckpoint()).toBe(0);
    await store.resumeCheckpoints();
    expect(autocheckpoint()).toBe(1_000);
  });

  test('a store in memory has nothing to checkpoint, and says so at once', async () => {
    const memory = SandboxStore.open(null);
    try {
      memory.pauseCheckpoints();
      expect(await memory.checkpointInBackground()).toBeNull();
      await memory.resumeCheckpoints();
    } finally {
      memory.close();
    }
  });
});
