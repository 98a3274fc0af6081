/**
 * Payment batches (pagamento-batches): generate the CNAB 240 remittance from the marked payables, list and
 * show batches, download the .rem, import the bank's return (.ret). payments.read for reads, payments.write
 * for the rest. The return upload is multipart, read as a stream into the CNAB reader.
 */

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Cnab240Reader, type CnabFile, type CnabItem } from '../../formats/cnab240/index.js';
import {
  PAYMENT_DETAIL_SEGMENTS,
  type ReturnRefusal,
  ReturnWatch,
  returnRefusal,
} from '../../formats/cnab240/return-acceptance.js';
import { statementFinding } from '../../formats/statement/findings.js';
import type { Tx } from '../db/tx.js';
import type { SandboxContext } from '../http/context.js';
import { notFound, validationFailed } from '../http/errors.js';
import { multipartFingerprint } from '../http/idempotency.js';
import { serve } from '../http/operation.js';
import { beginIdempotency } from '../http/pipeline.js';
import { commit, created, ok, readTx } from '../http/transaction.js';
import { ignoreFile, type PartConsumer, streamMultipart } from '../http/upload-stream.js';
import type { PaymentBatchRecord } from '../model.js';
import { addApproval, listApprovals } from '../services/approvals.js';
import {
  batchFileChunk,
  batchFileSize,
  batchItemsToShow,
  cancelBatch,
  createBatch,
  findBatch,
  itemStates,
  listBatches,
} from '../services/batches.js';
import { fileRefused, issueOf } from '../services/errors.js';
import { applyReturn, type ReturnLine } from '../services/returns.js';
import { batchDetailView, batchView } from './views.js';

/** Largest return file accepted (a .ret is 242 bytes a record: about 200 000 records)... */
export const RETURN_FILE_LIMIT = 50 * 1024 * 1024;

/**
 * ...unless the batch's own remittance is bigger (#32: 400,000 payments make a 194 MB file): a return has the
 * remittance's records and may add some (a segment Z per payment), so twice its size, up to what a CNAB 240 file
 * can hold (999,999 records of 242 bytes). The file is read as it streams in; a payment line keeps a few fields.
 */
export function returnFileLimit(remittanceBytes: number | undefined): number {
  return Math.min(Math.max(RETURN_FILE_LIMIT, 2 * (remittanceBytes ?? 0)), 999_999 * 242);
}

interface ReadReturn {
  file: CnabFile;
  lines: ReturnLine[];
  /** what the acceptance rule needs (formats/cnab240/return-acceptance.ts, the CLI's too) */
  watch: ReturnWatch;
}

/** The CNAB reader fed from the upload, keeping only what a return needs of each payment line. */
const readReturn: PartConsumer<ReadReturn> = async (_field, _fields, chunks) => {
  const lines: ReturnLine[] = [];
  const watch = new ReturnWatch();
  const reader = new Cnab240Reader({
    keepItems: false,
    onProblem: (problem) => watch.onProblem(problem),
    onItem: (item: CnabItem) => {
      watch.onItem(item);
      if (!PAYMENT_DETAIL_SEGMENTS.has(item.segment)) return;
      lines.push({
        line: item.line,
        seu_numero: item.seu_numero,
        codes: item.occurrences.map((o) => o.code),
        amount_cents: item.amount_cents,
        paid_amount_cents: item.paid_amount_cents,
        date: item.date,
        paid_date: item.paid_date,
      });
    },
  });
  for await (const chunk of chunks) reader.write(chunk);
  return { file: reader.end(), lines, watch };
};

/** The acceptance rule's refusal in the API's words (422 invalid_file), its lines named. */
function returnRefused(r: ReturnRefusal, file: CnabFile) {
  switch (r.reason) {
    case 'empty':
      return fileRefused('invalid_file', 'invalid file', [issueOf(1, statementFinding('file.empty', {}))]);
    case 'unreadable':
      return fileRefused('invalid_file', 'the return file has errors', file.errors);
    case 'statement':
      return fileRefused('invalid_file', 'not a payment return', [
        { line: 1, message: 'an account statement (extrato), not a payment return' },
      ]);
    case 'remittance':
      return fileRefused('invalid_file', 'not a return file', [
        { line: 1, message: 'a remittance (no occurrence codes), not the bank return' },
      ]);
    case 'collection':
      return fileRefused('invalid_file', 'not a payment return', [
        { line: 1, message: 'a collection (cobrança) file, not a payment return' },
      ]);
    case 'truncated':
      return fileRefused('invalid_file', 'the return file is truncated', [
        { line: r.line, message: r.message },
      ]);
    case 'broken':
      return fileRefused('invalid_file', "the return file's structure is broken: nothing of it was applied", [
        ...r.all,
      ]);
    case 'no_seu_numero':
      return fileRefused('invalid_file', 'the return file names no batch', [
        { line: 1, message: 'no payment carries a seu número' },
      ]);
  }
}

/** A batch with its payables, as the API shows it. */
/**
 * A batch with its payables and their states now; a batch just created needs no look at its payables' states:
 * every one of them is in_batch (which spares a batch of 100 000 a second's join).
 */
function batchDetail(tx: Tx, batch: PaymentBatchRecord, justCreated = false) {
  const states = justCreated ? null : itemStates(tx, batch);
  return batchDetailView(batch, batchItemsToShow(tx, batch), (id) => (states ? states.get(id) : 'in_batch'));
}

export function batchesRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listBatches', async ({ op, request, query: q }) => {
    const state = q.enum('state', op.query.state.enum);
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listBatches(tx, state, page));
    return { ...list, data: list.data.map(batchView) };
  });

  serve(app, 'createBatch', async ({ request, reply, body }) => {
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      created({
        data: batchDetail(
          tx,
          createBatch(tx, value, ctx.now(), request.sandbox.client?.client_id ?? null),
          true,
        ),
      }),
    );
  });

  serve(app, 'getBatch', async ({ request, params }) => {
    return { data: readTx(ctx, request, (tx) => batchDetail(tx, findBatch(tx, params.batch))) };
  });

  serve(app, 'downloadBatchFile', async ({ request, reply, params }) => {
    const { batch, size, first } = readTx(ctx, request, (tx) => {
      const b = findBatch(tx, params.batch);
      return { batch: b, size: batchFileSize(tx, b), first: batchFileChunk(tx, b, 0) };
    });
    if (size === null || !first) throw notFound('batch_file');
    // A chunk at a time, each read when the socket wants more: a 100 MB file costs the server a megabyte. The
    // chunks of a batch never change once written, so reading them in several transactions reads one file.
    async function* chunks(): AsyncGenerator<Buffer> {
      yield first as Buffer;
      for (let seq = 1; ; seq++) {
        const next = readTx(ctx, request, (tx) => batchFileChunk(tx, batch, seq));
        if (!next) return;
        yield next;
      }
    }
    return reply
      .header('content-type', 'text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="${batch.file_name}"`)
      .header('content-length', String(size))
      .header('x-content-sha256', batch.file_sha256)
      .send(Readable.from(chunks(), { objectMode: false }));
  });

  serve(app, 'cancelBatch', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) => {
      const batch = cancelBatch(tx, findBatch(tx, params.batch), ctx.now());
      return ok({ data: batchDetail(tx, batch) });
    });
  });

  serve(app, 'listBatchApprovals', async ({ request, params, query: q }) => {
    const page = q.page();
    q.done();
    return readTx(ctx, request, (tx) => listApprovals(tx, findBatch(tx, params.batch), page));
  });

  serve(app, 'addBatchApproval', async ({ request, reply, params, body }) => {
    const value = body();
    return commit(ctx, request, reply, (tx) =>
      created({
        data: addApproval(
          tx,
          findBatch(tx, params.batch),
          value,
          ctx.now(),
          request.sandbox.client?.client_id ?? null,
        ),
      }),
    );
  });

  serve(app, 'importBatchReturn', async ({ request, reply, params }) => {
    // (a batch that does not exist is said after the upload, as before: 404 before anything about the file)
    const remitted = readTx(ctx, request, (tx) => tx.batches.get(params.batch)?.file_size);
    const upload = await streamMultipart<ReadReturn | undefined>(request, {
      fileSize: returnFileLimit(remitted),
      consume: (field, fields, chunks) =>
        field === 'file' ? readReturn(field, fields, chunks) : ignoreFile(field, fields, chunks),
    });
    const fingerprint = multipartFingerprint(request.method, request.url, upload.digest);
    if (await beginIdempotency(ctx, request, reply, fingerprint)) return reply;

    const condo = readTx(ctx, request, (tx) => {
      findBatch(tx, params.batch); // 404 before anything about the file
      return tx.condo;
    });
    const files = upload.files.file ?? [];
    if (files.length !== 1) {
      throw validationFailed({
        file: [files.length === 0 ? 'is required (a CNAB 240 return file)' : 'send one file only'],
      });
    }
    const uploaded = files[0]!;
    const parsed = uploaded.result!;
    const { file } = parsed;
    const refusal = returnRefusal(file, parsed.watch, uploaded.size);
    if (refusal) throw returnRefused(refusal, file);
    const warnings = [...file.warnings];
    if (file.company.document && file.company.document !== condo.document) {
      warnings.push({
        line: 1,
        message: `the file is for CNPJ/CPF ${file.company.document}, not this condominium's ${condo.document}`,
      });
    }
    const facts = {
      bank_code: file.bank_code,
      sha256: uploaded.sha256,
      file_name: uploaded.filename || null,
      warnings,
    };
    return commit(ctx, request, reply, (tx) => {
      const batch = findBatch(tx, params.batch);
      const result = applyReturn(tx, batch, parsed.lines, facts, ctx.now());
      return ok({ data: { ...result, batch: batchDetail(tx, batch) } });
    });
  });
}
