/**
 * multipart/form-data bodies with a known length that can be re-opened (so an upload may be retried with its
 * Idempotency-Key): files stream from disk, never loaded whole.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { StreamBody } from './types.js';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType?: string;
  /** Either the bytes, or a size and a way to (re)open the content. */
  data?: Buffer;
  size?: number;
  open?: () => Readable;
}

export interface MultipartForm {
  fields?: Record<string, string>;
  files?: MultipartFile[];
}

/**
 * A MultipartFile streaming from a path on disk. `onProgress(sent, size)` follows the bytes as they are read
 * for sending (from zero again if a retry re-opens the file).
 */
export async function fileFromPath(
  field: string,
  path: string,
  contentType?: string,
  onProgress?: (sent: number, size: number) => void,
): Promise<MultipartFile> {
  const { size } = await stat(path);
  const open = (): Readable => {
    const stream = createReadStream(path);
    if (!onProgress) return stream;
    let sent = 0;
    stream.on('data', (chunk) => {
      sent += (chunk as Buffer).length;
      onProgress(sent, size);
    });
    return stream;
  };
  return { field, filename: basename(path), contentType, size, open };
}

const quote = (s: string) => s.replace(/[\r\n"\\]/g, (c) => encodeURIComponent(c));

export function multipart(form: MultipartForm): StreamBody {
  const boundary = `----condo${randomBytes(12).toString('hex')}`;
  const parts: Array<{ head: Buffer; file?: MultipartFile; value?: Buffer }> = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push({
      head: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n`),
      value: Buffer.from(value),
    });
  }
  for (const file of form.files ?? []) {
    if (!file.data && !(file.open && file.size !== undefined)) {
      throw new Error(`multipart file ${file.field}: give data, or size and open`);
    }
    parts.push({
      head: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(
          file.filename,
        )}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file,
    });
  }
  const crlf = Buffer.from('\r\n');
  const tail = Buffer.from(`--${boundary}--\r\n`);
  let length = tail.length;
  for (const p of parts) {
    length += p.head.length + crlf.length;
    length += p.value ? p.value.length : (p.file?.data?.length ?? p.file?.size ?? 0);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    open() {
      async function* chunks() {
        for (const p of parts) {
          yield p.head;
          if (p.value) yield p.value;
          else if (p.file?.data) yield p.file.data;
          else if (p.file?.open) for await (const chunk of p.file.open()) yield chunk as Buffer;
          yield crlf;
        }
        yield tail;
      }
      return Readable.from(chunks(), { objectMode: false });
    },
  };
}
