// The sandbox's background checkpointer (#32 point 4): a worker thread with a connection of its own to the
// sandbox's database, which copies the write-ahead log into the database (`wal_checkpoint(PASSIVE)`, fsyncs and
// all) when asked, so that a long import's checkpoints never stop the thread that answers requests. Plain
// JavaScript, beside the code that starts it (as the migrations are), so the same file runs from src and dist.
import { parentPort, workerData } from 'node:worker_threads';

const { path, backend } = workerData;

async function open() {
  if (backend === 'node:sqlite') {
    // Node 22 calls node:sqlite experimental on its first load in each thread: not the user's business (sqlite.ts)
    const original = process.emitWarning;
    process.emitWarning = (warning, ...rest) =>
      /SQLite is an experimental feature/i.test(String(warning?.message ?? warning))
        ? undefined
        : original.call(process, warning, ...rest);
    const { DatabaseSync } = await import('node:sqlite').finally(() => {
      process.emitWarning = original;
    });
    const db = new DatabaseSync(path);
    db.exec('PRAGMA busy_timeout = 5000');
    const statement = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
    return () => statement.get();
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  const statement = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  // kept reachable for the life of the thread (better-sqlite3 12 on Node 24: see db/sqlite.ts)
  globalThis.condoCheckpointer = { db, statement };
  return () => statement.get();
}

// no top-level await: the single executable runs this as a worker's code, CommonJS (scripts/package.mjs)
open().then(
  (checkpoint) => {
    parentPort.postMessage({ ready: true });
    parentPort.on('message', () => {
      try {
        parentPort.postMessage({ done: true, result: checkpoint() });
      } catch (error) {
        parentPort.postMessage({ done: false, error: String(error?.message ?? error) });
      }
    });
  },
  (error) => parentPort.postMessage({ ready: false, error: String(error?.message ?? error) }),
);
