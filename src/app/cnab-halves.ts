/**
 * A big CNAB 240 file read on two cores (#73): the first half here, the second on a worker thread, cut where the
 * reader says a file can be (formats/cnab240/halves.ts). The read gives what reading the file straight through
 * gives; when the cut, the worker or what it sends does not fit, the second half is read here after all.
 */

import { type FileHandle, open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { LoteBegun } from '../formats/cnab240/file.js';
import { fileHeaderOf, lotesBack, type ReaderPart, seamsIn } from '../formats/cnab240/halves.js';
import type { CnabFile, CnabItem } from '../formats/cnab240/index.js';
import { readChunks, requireCnabFile } from './files.js';

/** Below this a worker's start (~100 ms on Node 20 here) costs what a half's read would save. */
export const HALVES_MIN_BYTES = 16 * 1024 * 1024;

/**
 * Where the file is cut, as a share of its bytes: a little past the middle. The worker starts ~100 ms later (its
 * thread, its modules), and the first half's side still has the second half's rows to send on; measured on the
 * bench's 500,000 lines, 0.51 to 0.54 all finish within the noise of each other.
 */
const CUT_AT = 0.52;

/** How far from the middle a seam is looked for, each way: a lote holds at most 99,999 records (24 MB). */
const SEAM_SEARCH_BYTES = 32 * 1024 * 1024;
const SEAM_WINDOW = 1 << 20;
/** a window starts this much before where the last ended, so that a seam across two windows is seen in one */
const SEAM_OVERLAP = 16 * 1024;

/**
 * What the worker is given: the file, where its half begins, the file header its reader starts from, and the
 * number of its first line where the file's lines are all as long as its first (else the worker counts them).
 */
export interface HalfJob {
  path: string;
  from: number;
  header: string;
  firstLine?: number | undefined;
}

/** A second half being read elsewhere: its part and what else its reader made of it (rows, tallies). */
export interface SecondHalf<R> {
  done: Promise<{ part: ReaderPart; result: R }>;
  stop(): void;
}

export interface HalvesOptions<R> {
  onItem: (item: CnabItem) => void;
  /** starts the second half's read; undefined reads the file straight through */
  startSecondHalf?: ((job: HalfJob) => SecondHalf<R>) | undefined;
  /** whether what the second half made fits the first's (the same columns); false reads it here */
  fits?: (result: R) => boolean;
  /** `--debug`: where the file was cut, or why it was read straight */
  debug?: ((line: string) => void) | undefined;
  /** the smallest file cut in two (default HALVES_MIN_BYTES), and the cores there are: for tests */
  minBytes?: number;
  cores?: number;
}

/**
 * Reads a CNAB file, its second half on another thread when it is big, there are two cores and it can be cut:
 * `onItem` sees the first half's items, and `second` is what the worker made of the rest (its items listed after
 * the first's); without a `second`, `onItem` saw every item.
 */
export async function readCnabFileInHalves<R>(
  path: string,
  options: HalvesOptions<R>,
): Promise<{ file: CnabFile; second?: R }> {
  await requireCnabFile(path);
  const { Cnab240Reader } = await import('../formats/cnab240/reader.js');
  const reader = new Cnab240Reader({ keepItems: false, onItem: options.onItem });
  const straight = async () => {
    for await (const chunk of readChunks(path)) reader.write(chunk);
    return { file: reader.end() };
  };
  const debug = options.debug ?? (() => {});
  // no second half asked for: the caller says why
  if (!options.startSecondHalf) return straight();
  if ((options.cores ?? availableParallelism()) < 2) {
    debug(`${path}: read on one thread (this machine has one core)`);
    return straight();
  }
  const cut = await cutOf(path, options.minBytes ?? HALVES_MIN_BYTES);
  if (!cut) {
    debug(
      `${path}: read on one thread (under ${options.minBytes ?? HALVES_MIN_BYTES} bytes, or no place to cut it)`,
    );
    return straight();
  }
  debug(
    `${path}: read on two threads, cut at byte ${cut.from} (line ${cut.firstLine ?? 'counted by the worker'})`,
  );
  const second = options.startSecondHalf({ path, ...cut });
  // the worker's failure is not the read's: its half is then read here
  const sent = second.done.catch((error: Error) => {
    debug(`${path}: the second half's worker failed (${error.message})`);
    return undefined;
  });
  try {
    for await (const chunk of readChunks(path, { to: cut.from })) reader.write(chunk);
    const got = await sent;
    if (got && (options.fits?.(got.result) ?? true) && reader.absorb(got.part))
      return { file: reader.end(), second: got.result };
    debug(
      `${path}: the second half read on this thread after all (it did not fit where the first half ended)`,
    );
    second.stop();
    for await (const chunk of readChunks(path, { from: cut.from })) reader.write(chunk);
    return { file: reader.end() };
  } finally {
    // a read that failed half-way leaves no worker running (one that sent its part has ended already)
    second.stop();
  }
}

/** Where a file is cut: the seam nearest CUT_AT, and its header; undefined for a file too small or uncut. */
async function cutOf(path: string, minBytes: number): Promise<Omit<HalfJob, 'path'> | undefined> {
  const { size } = await stat(path);
  if (size < minBytes) return undefined;
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(4096);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const header = fileHeaderOf(head.subarray(0, bytesRead));
    if (header === null) return undefined;
    const middle = Math.floor(size * CUT_AT);
    const window = new Uint8Array(SEAM_WINDOW + SEAM_OVERLAP);
    const seamsAt = async (start: number) => {
      const { bytesRead: read } = await file.read(window, 0, window.length, start);
      return seamsIn(window.subarray(0, read)).map((at) => start + at);
    };
    // outward from the middle, a window each way in turn: the first seam found nearest it
    for (let reach = 0; reach < SEAM_SEARCH_BYTES; reach += SEAM_WINDOW) {
      const found = [
        ...(await seamsAt(middle + reach)),
        ...(await seamsAt(Math.max(0, middle - reach - SEAM_WINDOW))),
      ];
      const inside = found.filter((at) => at > head.length && at < size);
      if (inside.length > 0) {
        const from = inside.reduce((a, b) => (Math.abs(a - middle) <= Math.abs(b - middle) ? a : b));
        // a file whose lines are all as long as its header's (a bank's, a writer's): the cut's line by division
        const width = head.indexOf(0x0a) + 1;
        return { from, header, firstLine: from % width === 0 ? from / width + 1 : undefined };
      }
    }
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * The worker's side: the second half read from `job.from` to the end, its lines numbered on from those before it
 * (counted as the splitter numbers them, when the job does not say), its items handed to `onItem`; its part for the
 * first half's reader. A half that begins inside a lote starts from that lote's header, found back from the cut.
 */
export async function readSecondHalf(job: HalfJob, onItem: (item: CnabItem) => void): Promise<ReaderPart> {
  const { LineEndCounter } = await import('../formats/cnab240/lines.js');
  const { Cnab240Reader } = await import('../formats/cnab240/reader.js');
  let firstLine = job.firstLine;
  if (firstLine === undefined) {
    const counter = new LineEndCounter();
    for await (const chunk of readChunks(job.path, { to: job.from })) counter.write(chunk);
    firstLine = counter.end() + 1;
  }
  const file = await open(job.path, 'r');
  let lote: LoteBegun | undefined;
  try {
    lote = await loteBegunAt(file, job.from, firstLine);
  } finally {
    await file.close();
  }
  const reader = new Cnab240Reader({
    keepItems: false,
    onItem,
    continuing: { header: job.header, firstLine, lote },
  });
  for await (const chunk of readChunks(job.path, { from: job.from })) reader.write(chunk);
  return reader.part();
}

/** The bytes of `file` from `start` to `end`. */
async function bytesAt(file: FileHandle, start: number, end: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(end - start);
  const { bytesRead } = await file.read(bytes, 0, bytes.length, start);
  return bytes.subarray(0, bytesRead);
}

/**
 * The lote a cut at a detail is inside (halves.ts, `lotesBack`): its header and that header's line, and what the
 * first half's reader will have counted of it at the cut; undefined at a lote header. A lote not found within
 * SEAM_SEARCH_BYTES, or broken on the way, fails the worker: the first half's side then reads on itself.
 */
async function loteBegunAt(
  file: FileHandle,
  from: number,
  firstLine: number,
): Promise<LoteBegun | undefined> {
  const [cutType] = await bytesAt(file, from + 7, from + 8);
  if (cutType === 0x31) return undefined;
  // the detail just before the cut: its lote, and its sequence, which the next detail follows
  const tail = await bytesAt(file, Math.max(0, from - 8192), from);
  const previous = tail.lastIndexOf(0x0a, tail.length - 2) + 1;
  const lote = tail.slice(previous + 3, previous + 7);
  const sequence = Number(String.fromCharCode(...tail.subarray(previous + 8, previous + 13)));
  let details = 0;
  for (let end = from; end > 0 && from - end < SEAM_SEARCH_BYTES; ) {
    const start = Math.max(0, end - SEAM_WINDOW);
    const back = lotesBack(await bytesAt(file, start, end), start, lote, details);
    if (back === null) break;
    if (back.found)
      return {
        record: back.header,
        line: firstLine - back.details - 1,
        records: back.details + 1,
        expectedSeq: sequence + 1,
      };
    details = back.details;
    end = back.before;
  }
  throw new Error(`no lote header found back from byte ${from}`);
}
