import { createHash } from 'node:crypto';
import { createReadStream, unlinkSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { UsageError } from '../domain/errors.js';
import type { Io } from './io.js';

/**
 * Files the CLI writes and reads: downloads land in a temporary file beside the target and are renamed into
 * place only when complete, so an interrupted run leaves nothing half-written; file hashes for idempotency keys.
 */

const pendingTemps = new Set<string>();
let exitHookInstalled = false;

/** Ctrl-C ends the process from main's handler; a temp file still open then is removed on the way out. */
function removeOnExit(path: string): void {
  pendingTemps.add(path);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const p of pendingTemps) {
      try {
        unlinkSync(p);
      } catch {
        // already gone
      }
    }
  });
}

export interface Progress {
  update(bytes: number): void;
  done(): void;
}

/** A progress bar on stderr when it is a terminal (and not --quiet); nothing otherwise. */
export function progressBar(io: Io, label: string, total: number | undefined, quiet: boolean): Progress {
  if (!io.stderr.isTTY || quiet) return { update: () => undefined, done: () => undefined };
  let last = 0;
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  const draw = (bytes: number) => {
    const now = Date.now();
    if (now - last < 100 && bytes !== total) return;
    last = now;
    if (total) {
      const width = 30;
      const filled = Math.round((bytes / total) * width);
      io.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.floor((bytes / total) * 100)}% ${mb(bytes)}/${mb(total)} MB`,
      );
    } else io.stderr.write(`\r${label} ${mb(bytes)} MB`);
  };
  return { update: draw, done: () => io.stderr.write('\n') };
}

/** Streams `body` to `target` through a temp file in the same directory, fsynced and renamed when complete. */
export async function writeAtomically(body: Readable, target: string, progress: Progress): Promise<number> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  removeOnExit(temp);
  const file = await open(temp, 'w', 0o644).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`-o: cannot write in ${dirname(target)}: ${e.code ?? e.message}`);
  });
  let bytes = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      await file.write(buf);
      bytes += buf.length;
      progress.update(bytes);
    }
    await file.sync();
    await file.close();
    await rename(temp, target);
    pendingTemps.delete(temp);
    progress.done();
    return bytes;
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    pendingTemps.delete(temp);
    throw error;
  }
}

/** Streams `body` to stdout (`-o -`), honouring back-pressure. */
export async function writeToStream(body: Readable, out: Writable): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    bytes += buf.length;
    if (!out.write(buf)) await new Promise((resolve) => out.once('drain', resolve));
  }
  return bytes;
}

/** The SHA-256 of a file, streamed (constant memory whatever its size). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return hash.digest('hex');
}

/** The whole of a small input: a file, or stdin for `-`; an unreadable file is a usage error naming `flag`. */
export async function readInput(io: Io, path: string, flag: string): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }
  return readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`${flag}: cannot read ${path}: ${e.code ?? e.message}`);
  });
}
