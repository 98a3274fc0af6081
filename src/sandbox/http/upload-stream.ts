/**
 * Multipart uploads (statement and return-file imports), read as a stream: each file part is handed, chunk by
 * chunk, to a consumer the route chooses (a CNAB reader, a statement parser) while it is hashed and counted,
 * so a large file is never held in memory whole. The digest feeds `multipartFingerprint`:
 *
 *   const upload = await streamMultipart(request, { fileSize: LIMIT, consume: (field, fields, chunks) => read(chunks) });
 *   if (await beginIdempotency(ctx, request, reply, multipartFingerprint(request.method, request.url, upload.digest))) return reply;
 *
 * The consumer also sees the fields sent before the file, so a route can parse on the fly when its options
 * came first (as the CLI sends them).
 */

import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../services/errors.js';
import { ApiProblem, badRequest } from './errors.js';
import type { MultipartDigest } from './idempotency.js';

export interface StreamedFile<T> {
  filename: string;
  mimetype: string;
  sha256: string;
  size: number;
  result: T;
}

export interface StreamedUpload<T> {
  fields: Record<string, string[]>;
  files: Record<string, StreamedFile<T>[]>;
  digest: MultipartDigest;
}

/** Reads one file part; it may stop early (the rest is drained, still hashed). */
export type PartConsumer<T> = (
  fieldname: string,
  fieldsSoFar: Readonly<Record<string, string[]>>,
  chunks: AsyncIterable<Buffer>,
) => Promise<T>;

export interface StreamOptions<T> {
  /** bytes per file; a larger file is a 413 payload_too_large */
  fileSize: number;
  consume: PartConsumer<T>;
}

/** A consumer that keeps the bytes (small files, or when the route needs them after the other fields). */
export const collectBytes: PartConsumer<Buffer> = async (_field, _fields, chunks) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};

/** A consumer that only lets the bytes through (files the route does not read). */
export const ignoreFile: PartConsumer<undefined> = async (_field, _fields, chunks) => {
  for await (const _chunk of chunks) {
    // drained, hashed and counted by streamMultipart
  }
  return undefined;
};

export async function streamMultipart<T>(
  request: FastifyRequest,
  opts: StreamOptions<T>,
): Promise<StreamedUpload<T>> {
  if (!request.isMultipart()) {
    throw new ApiProblem(415, 'unsupported_media_type', 'this call takes a multipart/form-data body');
  }
  const body: StreamedUpload<T> = { fields: {}, files: {}, digest: { fields: {}, files: {} } };
  const tooLarge = (name: string) =>
    new ApiProblem(
      413,
      'payload_too_large',
      // the part by its name, the limit in MiB as it is set (#53: "the file file is larger than 100 MB")
      `the file in part "${name}" is larger than ${Math.floor(opts.fileSize / (1024 * 1024))} MiB`,
    );
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.fileSize } })) {
      if (part.type === 'file') {
        const hash = createHash('sha256');
        let size = 0;
        const source = paced(part.file as AsyncIterable<Buffer>, (chunk) => {
          hash.update(chunk);
          size += chunk.length;
        });
        // no return(): a consumer that stops early leaves the rest to be drained (and hashed) below
        const counted: AsyncIterable<Buffer> = {
          [Symbol.asyncIterator]: () => ({ next: () => source.next() }),
        };
        const result = await opts.consume(part.fieldname, body.fields, counted);
        for await (const _rest of counted) {
          // whatever the consumer left: the digest covers every byte
        }
        if (part.file.truncated) throw tooLarge(part.fieldname);
        const file: StreamedFile<T> = {
          filename: part.filename,
          mimetype: part.mimetype,
          sha256: hash.digest('hex'),
          size,
          result,
        };
        push(body.files, part.fieldname, file);
        push(body.digest.files, part.fieldname, file.sha256);
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        push(body.fields, part.fieldname, value);
        push(body.digest.fields, part.fieldname, value);
      }
    }
  } catch (err) {
    if (err instanceof ApiProblem || err instanceof DomainError) throw err;
    const e = err as { statusCode?: number; code?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file');
    if (e.statusCode === 413 || /LIMIT|TOO_LARGE/.test(e.code ?? '')) throw err;
    throw badRequest('the multipart body is malformed');
  }
  return body;
}

function push<T>(map: Record<string, T[]>, key: string, value: T): void {
  const list = map[key];
  if (list) list.push(value);
  else map[key] = [value];
}

/** Bytes handed to a consumer at once, and how long it may parse before the server answers others. */
const SLICE_BYTES = 16 * 1024;
const TURN_MS = 4;

/**
 * The file in slices of at most 16 KB, with a turn of the event loop every few milliseconds: chunks that
 * arrived together would otherwise be parsed back to back in one stretch, and every other request would wait.
 */
async function* paced(source: AsyncIterable<Buffer>, seen: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  let since = performance.now();
  for await (const chunk of source) {
    seen(chunk);
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      if (performance.now() - since > TURN_MS) {
        await nextTurn();
        since = performance.now();
      }
      yield chunk.subarray(at, at + SLICE_BYTES);
    }
  }
}
