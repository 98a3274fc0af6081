/**
 * Multipart bodies (statement and return-file uploads). @fastify/multipart streams the parts; each file is
 * read into memory up to the configured size (CNAB and OFX files are small), hashed as it arrives. The digest
 * feeds `multipartFingerprint`, so an upload route calls, in order:
 *
 *   const upload = await readMultipart(request);
 *   if (await beginIdempotency(ctx, request, reply, multipartFingerprint(request.method, request.url, upload.digest))) return reply;
 *   ... handle upload.files.file[0].bytes and upload.fields.format[0]
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiProblem, badRequest } from './errors.js';
import type { MultipartDigest } from './idempotency.js';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
  sha256: string;
}

export interface MultipartBody {
  fields: Record<string, string[]>;
  files: Record<string, UploadedFile[]>;
  digest: MultipartDigest;
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new ApiProblem(415, 'unsupported_media_type', 'this call takes a multipart/form-data body');
  }
  const body: MultipartBody = { fields: {}, files: {}, digest: { fields: {}, files: {} } };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) {
          hash.update(chunk as Buffer);
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated)
          throw new ApiProblem(413, 'payload_too_large', `the file ${part.fieldname} is too large`);
        const file: UploadedFile = {
          filename: part.filename,
          mimetype: part.mimetype,
          bytes: Buffer.concat(chunks),
          sha256: hash.digest('hex'),
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
