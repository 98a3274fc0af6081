/**
 * Checkpoints off the thread that answers requests (#32 point 4). A checkpoint copies the write-ahead log into the
 * database and fsyncs both: run by the connection that commits (SQLite's automatic checkpoint, every 1,000 pages),
 * it stopped the server for 30-80 ms at a time during a big statement import, and a GET waited as long. A long
 * import pauses the automatic checkpoints and has a worker thread with a connection of its own (checkpointer.mjs)
 * checkpoint instead, which SQLite allows beside the writer and the readers.
 */
import { Worker } from 'node:worker_threads';
import type { Backend } from './database.js';

/** What `wal_checkpoint` answers: frames in the log, and how many of them are now in the database. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class BackgroundCheckpoints {
  private worker: Worker | null = null;
  private started: Promise<boolean> | null = null;
  private running: Promise<CheckpointResult | null> | null = null;

  constructor(
    private readonly path: string,
    private readonly backend: Backend,
  ) {}

  /**
   * Copies the log into the database on the worker's thread; a call while one runs waits for that one. Null when
   * the worker cannot run or the checkpoint failed (SQLite's own checkpoints then catch up).
   */
  run(): Promise<CheckpointResult | null> {
    this.running ??= this.once().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private async once(): Promise<CheckpointResult | null> {
    if (!(await this.start())) return null;
    const worker = this.worker;
    if (!worker) return null;
    return new Promise<CheckpointResult | null>((resolve) => {
      const done = (m?: { done?: boolean; result?: CheckpointResult }) => {
        worker.off('message', done);
        worker.off('exit', done);
        resolve(m?.done ? (m.result ?? null) : null);
      };
      worker.on('message', done);
      worker.on('exit', done);
      worker.postMessage('checkpoint');
    });
  }

  /** The worker, started once; false where it cannot run (then the connection's own checkpoints go on). */
  private start(): Promise<boolean> {
    this.started ??= new Promise<boolean>((resolve) => {
      try {
        const workerData = { path: this.path, backend: this.backend };
        // the single executable has no file to start it from: its code, an asset (scripts/package.mjs)
        const shipped = globalThis.condoSea?.asset('checkpointer.cjs');
        const worker = shipped
          ? new Worker(new TextDecoder().decode(shipped), { eval: true, workerData })
          : new Worker(new URL('./checkpointer.mjs', import.meta.url), { workerData });
        worker.unref();
        worker.once('message', (m: { ready?: boolean }) => {
          if (m.ready) this.worker = worker;
          else void worker.terminate();
          resolve(Boolean(m.ready));
        });
        worker.once('error', () => resolve(false));
      } catch {
        resolve(false);
      }
    });
    return this.started;
  }
}
