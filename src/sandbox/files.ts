/**
 * Files the sandbox keeps beside its snapshot: the remittance (.rem) of each payment batch, written once at
 * generation to `<dataDir>/batches/<public_id>.rem`. Like the snapshot, a file is written to a temporary name,
 * fsync'd and renamed into place, so a crash never leaves half a file under the final name. The snapshot holds
 * the batch record (with the file's SHA-256 and size); the text is not repeated in every snapshot write.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const BATCH_FILES_DIR = 'batches';

export function batchFilePath(dataDir: string, batchId: string): string {
  if (!/^[0-9A-Z]{26}$/.test(batchId)) throw new Error(`not a batch id: ${batchId}`);
  return join(dataDir, BATCH_FILES_DIR, `${batchId}.rem`);
}

/** Writes bytes to `path` atomically (temp file, fsync, rename, directory fsync). */
export async function writeFileAtomic(path: string, bytes: string | Buffer): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  try {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // some platforms refuse to fsync a directory
  }
}

export async function writeBatchFile(dataDir: string, batchId: string, text: string): Promise<void> {
  await writeFileAtomic(batchFilePath(dataDir, batchId), Buffer.from(text, 'latin1'));
}

/** The stored remittance as a stream with its size, or null when the file is missing. */
export async function openBatchFile(
  dataDir: string,
  batchId: string,
): Promise<{ stream: ReadStream; size: number } | null> {
  const path = batchFilePath(dataDir, batchId);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return { stream: createReadStream(path), size: info.size };
}

/** Removes every stored batch file (a reset). */
export async function removeBatchFiles(dataDir: string): Promise<void> {
  await rm(join(dataDir, BATCH_FILES_DIR), { recursive: true, force: true });
}
