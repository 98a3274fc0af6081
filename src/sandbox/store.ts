/**
 * The sandbox's state and its snapshot file. All state lives in memory and is written, whole, to
 * `<dataDir>/sandbox-state.json` after each mutating request: to a temporary file beside it, fsync'd, then
 * renamed over the old one, so a crash leaves either the old snapshot or the new one, never half of one.
 * Writes are serialized; saves requested while one is running coalesce into the next.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { todayIn } from '../domain/dates.js';
import type { Condominium, SandboxState } from './model.js';
import { seedState } from './seed/index.js';
import { rollPeriods } from './services/periods.js';

export const SNAPSHOT_FILE = 'sandbox-state.json';
const TEMP_SUFFIX = '.tmp';

export class Store {
  private queued: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private rolledFor = '';

  private constructor(
    readonly dataDir: string,
    public state: SandboxState,
  ) {}

  /** Loads the snapshot, or seeds and writes a fresh one when the data dir has none. */
  static async open(dataDir: string, now = new Date()): Promise<Store> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await removeStaleTemps(dataDir);
    const existing = await readSnapshot(dataDir);
    const store = new Store(dataDir, existing ?? seedState(now));
    store.rollPeriods(now);
    if (!existing) await store.save();
    return store;
  }

  get snapshotPath(): string {
    return join(this.dataDir, SNAPSHOT_FILE);
  }

  condominium(slug: string): Condominium | undefined {
    return this.state.condominiums.find((c) => c.slug === slug);
  }

  /** The next integer id of a kind (suppliers, units, ...): unique across condominiums. */
  nextId(kind: string): number {
    const id = this.state.sequences[kind] ?? 1;
    this.state.sequences[kind] = id + 1;
    return id;
  }

  /** Closes the months the clock has left behind (cheap when the month has not changed). */
  rollPeriods(now: Date): void {
    const today = todayIn(now);
    const month = today.slice(0, 7);
    if (month === this.rolledFor) return;
    for (const c of this.state.condominiums) rollPeriods(c, today);
    this.rolledFor = month;
  }

  /** Writes the snapshot; resolves once a write that started after this call has reached the disk. */
  save(): Promise<void> {
    if (!this.queued) {
      const queued = this.chain.then(() => {
        this.queued = null;
        return writeSnapshot(this.dataDir, this.state);
      });
      this.queued = queued;
      this.chain = queued.catch(() => {});
    }
    return this.queued;
  }

  /** Waits for any pending write (used on close). */
  async flush(): Promise<void> {
    await this.chain;
  }
}

export async function readSnapshot(dataDir: string): Promise<SandboxState | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, SNAPSHOT_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${join(dataDir, SNAPSHOT_FILE)} is not valid JSON; move it away or run a sandbox reset`);
  }
  return normalize(parsed);
}

/** Accepts a snapshot written by this or an earlier version: collections added later get their defaults. */
function normalize(raw: unknown): SandboxState {
  const s = raw as Partial<SandboxState>;
  if (s?.format !== 'condo-sandbox' || !Array.isArray(s.condominiums) || !Array.isArray(s.clients)) {
    throw new Error('the sandbox data dir holds a snapshot this version cannot read; run a sandbox reset');
  }
  const state: SandboxState = {
    format: 'condo-sandbox',
    version: 1,
    base_url: s.base_url ?? null,
    sequences: s.sequences ?? {},
    clients: s.clients,
    tokens: s.tokens ?? [],
    condominiums: s.condominiums,
  };
  for (const c of state.condominiums) {
    c.periods ??= [];
    c.payables ??= [];
    c.batches ??= [];
    c.entries ??= [];
    c.invoices ??= [];
    c.expenses ??= [];
    c.nosso_numero_sequence ??= 0;
    c.statement_imports ??= [];
    c.statement_movements ??= [];
    c.webhook_subscriptions ??= [];
    c.webhook_attempts ??= [];
  }
  return state;
}

export async function writeSnapshot(dataDir: string, state: SandboxState): Promise<void> {
  const target = join(dataDir, SNAPSHOT_FILE);
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
  const body = `${JSON.stringify(state, null, 1)}\n`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(body, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await syncDir(dataDir);
}

/** fsync of the directory makes the rename itself durable; not every platform allows it, so best effort. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows and some file systems refuse to open or fsync a directory
  }
}

/** Temporary files a crashed writer left behind (older than a minute, so a live writer's is left alone). */
async function removeStaleTemps(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (!name.startsWith(`${SNAPSHOT_FILE}.`) || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(dataDir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 60_000) await rm(path, { force: true });
  }
}
