/**
 * Multipart uploads read as a stream: each file part is fed, chunk by chunk, to a sink the route chooses (a
 * CNAB reader, say) while it is hashed, so a large file is never held in memory whole. The result carries the
 * same digest `readMultipart` gives, for `multipartFingerprint`:
 *
 *   const upload = await streamMultipart(request, { fileSize: LIMIT, sink: (field) => new Cnab240Reader() });
 *   if (await beginIdempotency(ctx, request, reply, multipartFingerprint(request.method, request.url, upload.digest))) return reply;
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiProblem, badRequest } from './errors.js';
import type { MultipartDigest } from './idempotency.js';

export interface FileSink<T> {
  write(chunk: Buffer): void;
  end(): T;
}

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

export interface StreamOptions<T> {
  /** bytes per file; a larger file is a 413 payload_too_large */
  fileSize: number;
  /** a sink per file part (by field name) */
  sink: (fieldname: string) => FileSink<T>;
}

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
      `the file ${name} is larger than ${Math.floor(opts.fileSize / (1024 * 1024))} MB`,
    );
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.fileSize } })) {
      if (part.type === 'file') {
        const hash = createHash('sha256');
        const sink = opts.sink(part.fieldname);
        let size = 0;
        for await (const chunk of part.file) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          size += bytes.length;
          sink.write(bytes);
        }
        if (part.file.truncated) throw tooLarge(part.fieldname);
        const file: StreamedFile<T> = {
          filename: part.filename,
          mimetype: part.mimetype,
          sha256: hash.digest('hex'),
          size,
          result: sink.end(),
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
    if (err instanceof ApiProblem) throw err;
    const e = err as { statusCode?: number; code?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file');
    if (e.statusCode === 413 || /LIMIT|TOO_LARGE/.test(e.code ?? '')) throw err;
    throw badRequest('the multipart body is malformed');
  }
  return body;
}

/** A sink that only counts (files the route does not read). */
export const ignoreFile = (): FileSink<undefined> => ({ write: () => {}, end: () => undefined });

function push<T>(map: Record<string, T[]>, key: string, value: T): void {
  const list = map[key];
  if (list) list.push(value);
  else map[key] = [value];
}
