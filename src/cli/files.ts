import { once } from 'node:events';
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { readChunks } from '../app/files.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import type { Io } from './io.js';
import { setLiveLine } from './live-line.js';

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

/**
 * Rows set aside while a file is read, to follow what can be said only once it has been read whole (a summary
 * before its rows): written to a scratch file as they come, synchronously, so memory stays flat at any size and
 * the file is read once; then sent on, and removed (on exit too).
 */
/** A stream whose every write goes to the file `fd()` before `write` returns: nothing is held in memory. */
export function syncWritable(fd: () => number): Writable {
  return new Writable({
    // a row's text is written as it is (writeSync encodes it), not made a Buffer first: a big file's rows pass here
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, done) {
      try {
        // writeSync takes a text or bytes (two overloads), so each is passed as what it is
        if (typeof chunk === 'string') writeSync(fd(), chunk);
        else writeSync(fd(), chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

let asides = 0;

export function setAside(): {
  path: string;
  out: Writable;
  sendTo(target: Writable): Promise<void>;
  remove(): void;
} {
  // two asides in one millisecond (a file's rows and its second half's, #73) each get a file of their own
  const path = join(tmpdir(), `condo-rows-${process.pid}-${Date.now()}-${++asides}`);
  let fd: number | undefined = openSync(path, 'wx', 0o600);
  removeOnExit(path);
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  const out = syncWritable(() => fd as number);
  return {
    path,
    out,
    async sendTo(target) {
      close();
      for await (const chunk of readChunks(path)) if (!target.write(chunk)) await once(target, 'drain');
    },
    remove() {
      close();
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
      pendingTemps.delete(path);
    },
  };
}

export interface Progress {
  /** How far it got; `total` when it is learnt on the way (a list's first page says how many rows there are). */
  update(done: number, total?: number): void;
  done(): void;
}

/** How a bar writes how far it got (`done`, of `total` when it is known): `3/10`, `1.2/4.0 MB`. */
export type Counting = (done: number, total: number | undefined) => string;

/** Bytes, in kB under a megabyte (a 6 kB remittance read `0.0/0.0 MB`), in MB above. */
const BYTES: Counting = (done, total) => {
  const [size, digits, unit] = (total ?? done) >= 1_048_576 ? [1_048_576, 1, 'MB'] : [1024, 0, 'kB'];
  const shown = (n: number) => (n / size).toFixed(digits);
  return `${total ? `${shown(done)}/${shown(total)}` : shown(done)} ${unit}`;
};

/** Rows, as they are counted. */
export const ROWS: Counting = (done, total) => (total ? `${done}/${total}` : String(done));

/** A progress bar on stderr when it is a terminal (and not --quiet); nothing otherwise. Counts bytes by default. */
export function progressBar(
  io: Io,
  label: string,
  total: number | undefined,
  quiet: boolean,
  counting: Counting = BYTES,
): Progress {
  if (!io.stderr.isTTY || quiet) return NO_PROGRESS;
  let last = 0;
  let at = 0;
  let note = '';
  // one line of the terminal, never wrapped (a wrapped line is not redrawn in place): the label is cut to fit,
  // and a note that leaves no room for the label is not shown
  const line = () => {
    const columns = (io.stderr as { columns?: number }).columns ?? 80;
    const noted = note ? note.length + 3 : 0;
    // the bar gives way to a note, then to the label's first 20 characters
    const width = total ? Math.min(30, Math.max(10, columns - 1 - noted - 14 - 20)) : 0;
    const filled = total ? Math.round((at / total) * width) : 0;
    const bar = total
      ? ` [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${Math.floor((at / total) * 100)}% ${counting(at, total)}`
      : ` ${counting(at, total)}`;
    let tail = note ? ` · ${note}` : '';
    if (columns - 1 - bar.length - tail.length < 12) tail = '';
    const room = Math.max(1, columns - 1 - bar.length - tail.length);
    const name = label.length <= room ? label : `…${label.slice(label.length - room + 1)}`;
    return `${name}${bar}${tail}`;
  };
  // cleared to the end each time: a shorter line (the note gone) leaves nothing of the longer one behind
  let stopped = false;
  const paint = () => {
    if (!stopped) io.stderr.write(`\r${line()}\x1b[K`);
  };
  const clear = () => io.stderr.write('\r\x1b[K');
  const draw = (done: number, learnt?: number) => {
    if (learnt !== undefined) total = learnt;
    at = done;
    const now = Date.now();
    if (now - last < 100 && done !== total) return;
    last = now;
    note = '';
    paint();
  };
  setLiveLine(io.stderr, {
    note: (text) => {
      note = text;
      paint();
    },
    clear,
    stop: () => {
      stopped = true;
      setLiveLine(io.stderr, undefined);
      clear();
    },
  });
  return {
    update: draw,
    done: () => {
      setLiveLine(io.stderr, undefined);
      io.stderr.write('\n');
    },
  };
}

/**
 * A file name a server chose, made safe to create in the current directory: its last path part only, no control
 * characters, no leading dots (`.bashrc`), no Windows separators or reserved characters; `fallback` when nothing
 * is left.
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = last
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return clean === '' ? fallback : clean;
}

/**
 * Where a file-writing verb writes (`-O, --output-file FILE`; `-` is stdout): a path, checked before any work so an
 * existing file is refused up front rather than after a download (`--force` overwrites).
 */
export async function outputTarget(
  given: string | undefined,
  fallback: string,
  force: boolean,
  /** the flag that named the file, as the refusal names it */
  flag = '--output-file',
): Promise<{ stdout: true } | { stdout: false; path: string; overwrite: boolean }> {
  if (given === '-') return { stdout: true };
  const path = resolve(given ?? fallback);
  if (!force && (await stat(path).catch(() => undefined))) throw alreadyThere(flag, path);
  return { stdout: false, path, overwrite: force };
}

export const alreadyThere = (flag: string, path: string) =>
  new UsageError({
    en: `${flag}: ${path} already exists (--force overwrites it)`,
    pt: `${flag}: ${path} já existe (--force o sobrescreve)`,
  });

/** For a file written whole at once, with nothing to show on the way. */
export const NO_PROGRESS: Progress = { update: () => undefined, done: () => undefined };

/**
 * Puts a finished file in place of `target`. On Windows a file another program holds open (Excel, an editor, an
 * antivirus scan) refuses the rename with EPERM, EBUSY or EACCES for a moment or for as long as it stays open:
 * retried for about two seconds, then refused with what to do, never a raw error.
 */
export async function renameOver(
  temp: string,
  target: string,
  opts: { attempts?: number; pauseMs?: number; move?: (from: string, to: string) => Promise<void> } = {},
): Promise<void> {
  const { attempts = 10, pauseMs = 200, move = rename } = opts;
  for (let attempt = 1; ; attempt++) {
    try {
      await move(temp, target);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES') throw error;
      if (attempt >= attempts)
        throw new UsageError(
          {
            en: `${basename(target)} is open in another program (close it, or choose another name with -O); nothing was written`,
            pt: `${basename(target)} está aberto em outro programa (feche-o, ou escolha outro nome com -O); nada foi gravado`,
          },
          { code: 'file_in_use' },
        );
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}

/** Why a file cannot be written in `dir`, as a person fixes it: a folder that does not exist is the usual one. */
function notWritableIn(flag: string, dir: string, e: NodeJS.ErrnoException): Text {
  if (e.code === 'ENOENT')
    return { en: `${flag}: the folder ${dir} does not exist`, pt: `${flag}: a pasta ${dir} não existe` };
  if (e.code === 'ENOTDIR')
    return { en: `${flag}: ${dir} is not a folder`, pt: `${flag}: ${dir} não é uma pasta` };
  if (e.code === 'EACCES' || e.code === 'EPERM')
    return {
      en: `${flag}: no permission to write in ${dir}`,
      pt: `${flag}: sem permissão para gravar em ${dir}`,
    };
  return {
    en: `${flag}: cannot write in ${dir}: ${e.code ?? e.message}`,
    pt: `${flag}: não é possível gravar em ${dir}: ${e.code ?? e.message}`,
  };
}

/**
 * Streams `body` to `target` through a temp file in the same directory, fsynced, then put in place only when
 * complete: renamed over the target with `overwrite`, else linked, which fails if the file appeared meanwhile.
 */
export async function writeAtomically(
  body: Readable,
  target: string,
  progress: Progress,
  overwrite: boolean,
  /** Looks at the whole file before it is put in place; a throw leaves nothing behind. */
  check?: (written: string) => Promise<void>,
  /** the flag that named the file, as a refusal names it */
  flag = '--output-file',
): Promise<number> {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  removeOnExit(temp);
  const file = await open(temp, 'w', 0o644).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(notWritableIn(flag, dirname(target), e));
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
    // the bar's line is cleared before the check speaks (a refusal, an approval's count)
    progress.done();
    await check?.(temp);
    if (overwrite) await renameOver(temp, target);
    else {
      await link(temp, target).catch((e: NodeJS.ErrnoException) => {
        throw e.code === 'EEXIST' ? alreadyThere(flag, target) : e;
      });
      await unlink(temp);
    }
    pendingTemps.delete(temp);
    return bytes;
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    pendingTemps.delete(temp);
    throw error;
  }
}

/** Delivers a file-writing verb's body to its target: stdout, or the file (whose path is printed). */
/** A text made whole in memory, to its target (a file, or - for stdout), with no progress bar. */
export function deliverText(
  io: Io,
  target: Awaited<ReturnType<typeof outputTarget>>,
  text: string,
  encoding: BufferEncoding,
): Promise<number> {
  const quiet = { update: () => undefined, done: () => undefined };
  return deliver(io, target, Readable.from([Buffer.from(text, encoding)]), quiet);
}

export async function deliver(
  io: Io,
  target: Awaited<ReturnType<typeof outputTarget>>,
  body: Readable,
  progress: Progress,
): Promise<number> {
  if (target.stdout) return writeToStream(body, io.stdout);
  const bytes = await writeAtomically(body, target.path, progress, target.overwrite);
  io.stdout.write(`${target.path}\n`);
  return bytes;
}

/** Streams `body` to stdout (`--output-file -`), honouring back-pressure. */
export async function writeToStream(body: Readable, out: Writable): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    bytes += buf.length;
    if (!out.write(buf)) await new Promise((resolve) => out.once('drain', resolve));
  }
  return bytes;
}

/** The whole of a small input: a file, or stdin for `-`; an unreadable file is a usage error naming `flag`. */
export async function readInput(io: Io, path: string, flag: string): Promise<Buffer> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }
  return readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `${flag}: cannot read ${path}: ${e.code ?? e.message}`,
      pt: `${flag}: não foi possível ler ${path}: ${e.code ?? e.message}`,
    });
  });
}

/** The ids as typed (arguments, and `-` for one per stdin line), each with the name an error would give it. */
export async function readIdArgs(io: Io, args: readonly string[]): Promise<{ name: string; text: string }[]> {
  const ids: { name: string; text: string }[] = [];
  for (const arg of args) {
    if (arg !== '-') {
      ids.push({ name: 'ID', text: arg });
      continue;
    }
    const lines = (await readInput(io, '-', 'ID')).toString('utf8').split(/\r?\n/);
    for (const [i, line] of lines.entries())
      if (line.trim()) ids.push({ name: `stdin line ${i + 1}`, text: line });
  }
  if (ids.length === 0)
    throw new UsageError({
      en: 'ID: no ids given (stdin was empty)',
      pt: 'ID: nenhum id dado (a entrada padrão estava vazia)',
    });
  return ids;
}
