/**
 * The files condo reads: in chunks, and a CNAB file by its path, refused with its path when it is not one (a
 * statement, a PDF) before any reader sees it. Which kind a file is, is file-kind.ts's.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { UsageError } from '../domain/errors.js';
import type { CnabFile, ReadOptions } from '../formats/cnab240/index.js';
import type { LintReport } from '../formats/cnab240/lint.js';
import { requireReadableFile, wrongKind } from './file-kind.js';

/**
 * A file's bytes in chunks of 1 MiB: with the stream's default of 64 KiB, a 48 MB remittance passes through 740
 * asynchronous steps, and reading it took 150 ms against 40 ms. `from`..`to` (not included): a stretch of it.
 */
export function readChunks(path: string, range: { from?: number; to?: number } = {}): Readable {
  const end = range.to === undefined ? undefined : range.to - 1;
  return createReadStream(path, { highWaterMark: 1 << 20, start: range.from ?? 0, end });
}

/** A FILE argument that must be a CNAB file: a readable file, and not another kind (a statement, a PDF). */
export async function requireCnabFile(path: string): Promise<void> {
  await requireReadableFile(path);
  const wrong = await wrongKind(path, 'cnab');
  if (wrong) throw new UsageError(wrong);
}

export async function readCnabFile(path: string, options?: ReadOptions): Promise<CnabFile> {
  await requireCnabFile(path);
  const { readCnab240 } = await import('../formats/cnab240/reader.js');
  return readCnab240(readChunks(path), options);
}

/** A CNAB file read once, its SHA-256 and size taken as its chunks go by (a return's facts need all three). */
export async function readCnabFileHashed(
  path: string,
  options?: ReadOptions,
): Promise<{ file: CnabFile; sha256: string; bytes: number }> {
  await requireCnabFile(path);
  const { readCnab240 } = await import('../formats/cnab240/reader.js');
  const hash = await sha256Hash();
  let bytes = 0;
  async function* hashed() {
    for await (const chunk of readChunks(path)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  const file = await readCnab240(hashed(), options);
  return { file, sha256: hash.digest('hex'), bytes };
}

export async function lintCnabFile(path: string, bank?: string | undefined): Promise<LintReport> {
  await requireCnabFile(path);
  const { lintCnab } = await import('../formats/cnab240/lint.js');
  return lintCnab(readChunks(path), { bank });
}

/** The SHA-256 of a file, streamed (constant memory whatever its size). */
export async function sha256File(path: string): Promise<string> {
  try {
    return await sha256Of(readChunks(path));
  } catch (e) {
    throw new UsageError({
      en: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      pt: `não foi possível ler ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    });
  }
}

/** The SHA-256 of what a stream carries, as it streams by (a download's body, a file). */
export async function sha256Of(body: Readable): Promise<string> {
  const hash = await sha256Hash();
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** node:crypto loaded when a file is hashed, not by every command that reads one (~3.5 ms, #73). */
async function sha256Hash() {
  const { createHash } = await import('node:crypto');
  return createHash('sha256');
}
