import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayIn } from '../../domain/dates.js';
/** Largest statement accepted. */
import { STATEMENT_FILE_LIMIT } from '../../domain/endpoints.js';
import type { FieldErrors } from '../../domain/request-bodies.js';
import { statementFinding } from '../../formats/statement/findings.js';
import {
  type ParsedStatementFile,
  type ParseStatementOptions,
  parseStatement,
} from '../../formats/statement/index.js';
import { MAPPABLE_ROLES } from '../../formats/statement-csv/layouts.js';
import { condominiumOf, type SandboxContext } from '../http/context.js';
import { notFound, validationFailed } from '../http/errors.js';
import { type MultipartDigest, multipartFingerprint } from '../http/idempotency.js';
import { serve } from '../http/operation.js';
import { beginIdempotency } from '../http/pipeline.js';
import { asApiError, commit, created, readTx } from '../http/transaction.js';
import { collectBytes, ignoreFile, streamMultipart } from '../http/upload-stream.js';
import type { StatementImport } from '../model.js';
import { fileRefused, issueOf } from '../services/errors.js';
import {
  accountMismatches,
  beginImport,
  discardImport,
  fileTransactions,
  finishImport,
  otherLinesOf,
  recordLines,
  statementRecord,
  unmatchedNow,
  unmatchedOf,
} from '../services/statements.js';
import { emitEvent } from '../services/webhooks.js';

export { STATEMENT_FILE_LIMIT };

interface UploadedStatement {
  fileName: string | null;
  sha256: string;
  size: number;
  /** parsed while streaming (the options were known), else the bytes to parse */
  parsed?: ParsedStatementFile;
  bytes?: Buffer;
}

interface StatementUpload {
  fields: Record<string, string[]>;
  files: UploadedStatement[];
  digest: MultipartDigest;
}

interface ImportFields {
  format: 'ofx' | 'csv';
  force: boolean;
  options: ParseStatementOptions;
}

/** `date=Data,amount=Valor` or `{"date":"Data","amount":"Valor"}`; null when it cannot be read. */
export function parseCsvColumnsField(text: string): Record<string, string> | string {
  const trimmed = text.trim();
  let map: Record<string, string> = {};
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'must be a JSON object';
      for (const [k, v] of Object.entries(parsed)) {
        if (typeof v !== 'string' && typeof v !== 'number')
          return `the column of ${k} must be a name or a number`;
        map[k] = String(v);
      }
    } catch {
      return 'is not valid JSON';
    }
  } else {
    map = {};
    for (const pair of trimmed.split(',')) {
      const eq = pair.indexOf('=');
      if (eq <= 0 || eq === pair.length - 1) return `"${pair}" is not role=Column`;
      map[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
    }
  }
  const unknown = Object.keys(map).filter((k) => !(MAPPABLE_ROLES as readonly string[]).includes(k));
  if (unknown.length > 0) return `unknown role ${unknown.join(', ')} (known: ${MAPPABLE_ROLES.join(', ')})`;
  if (Object.keys(map).length === 0) return 'names no column';
  return map;
}

/** The import's fields, or what is wrong with them. */
function readFields(
  fields: Record<string, string[]>,
): { ok: true; value: ImportFields } | { ok: false; fields: FieldErrors } {
  const errors: FieldErrors = {};
  const one = (name: string): string | undefined => {
    const values = fields[name];
    if (!values) return undefined;
    if (values.length > 1) errors[name] = ['must be given once'];
    return values[0];
  };
  const format = one('format')?.trim().toLowerCase();
  if (format === undefined || format === '') errors.format = ['is required (ofx or csv)'];
  else if (format !== 'ofx' && format !== 'csv') errors.format = ['must be ofx or csv'];
  const forceText = one('force')?.trim().toLowerCase();
  let force = false;
  if (forceText !== undefined) {
    if (['true', '1', 'yes'].includes(forceText)) force = true;
    else if (!['false', '0', 'no', ''].includes(forceText)) errors.force = ['must be true or false (or 1/0)'];
  }
  const options: ParseStatementOptions = {};
  const columns = one('csv_columns');
  if (columns !== undefined && columns.trim() !== '') {
    const map = parseCsvColumnsField(columns);
    if (typeof map === 'string') errors.csv_columns = [map];
    else options.csvColumns = map;
  }
  const dateFormat = one('date_format');
  if (dateFormat !== undefined && dateFormat.trim() !== '') {
    if (dateFormat.length > 40 || !/[DMY]/i.test(dateFormat))
      errors.date_format = ['must be like DD/MM/YYYY'];
    else options.dateFormat = dateFormat.trim();
  }
  if (Object.keys(errors).length > 0) return { ok: false, fields: errors };
  return {
    ok: true,
    value: {
      format: format as 'ofx' | 'csv',
      force,
      options: { ...options, format: format as 'ofx' | 'csv' },
    },
  };
}

/**
 * Reads the multipart body: the `file` part is parsed as it streams in when its options came first (as the
 * CLI sends them); otherwise its bytes are kept and parsed once the other fields are known.
 */
async function readStatementUpload(request: FastifyRequest, today: string): Promise<StatementUpload> {
  const upload = await streamMultipart<{ parsed?: ParsedStatementFile; bytes?: Buffer } | undefined>(
    request,
    {
      fileSize: STATEMENT_FILE_LIMIT,
      consume: async (field, fieldsSoFar, chunks) => {
        if (field !== 'file') return ignoreFile(field, fieldsSoFar, chunks);
        const known = readFields(fieldsSoFar);
        if (known.ok) return { parsed: await parseStatement(chunks, { ...known.value.options, today }) };
        return { bytes: await collectBytes(field, fieldsSoFar, chunks) };
      },
    },
  );
  return {
    fields: upload.fields,
    digest: upload.digest,
    files: (upload.files.file ?? []).map((f) => ({
      fileName: f.filename || null,
      sha256: f.sha256,
      size: f.size,
      ...f.result,
    })),
  };
}

export function statementsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  serve(app, 'listStatements', async ({ request, query: q }) => {
    const account = q.id('bank_account_id');
    const page = q.page();
    q.done();
    return readTx(ctx, request, (tx) => {
      const list = tx.statementImports.page(
        tx.statementImports.where().eq('status', 'done').eq('bank_account_id', account),
        ['imported_at DESC', 'id DESC'],
        page,
      );
      // each import's unmatched as it stands now (rules and payments since reconcile its lines), as a detail says
      return {
        ...list,
        data: list.data.map((imp) => ({ ...statementRecord(imp), unmatched: unmatchedNow(tx, imp) })),
      };
    });
  });

  serve(app, 'getStatement', async ({ request, params }) => {
    return readTx(ctx, request, (tx) => {
      const imp = tx.statementImports.get(params.statement);
      if (imp?.status !== 'done') throw notFound('statement_import');
      return {
        data: {
          ...statementRecord(imp),
          unmatched: unmatchedNow(tx, imp),
          ...unmatchedOf(tx, imp),
          ...otherLinesOf(tx, imp),
        },
      };
    });
  });

  serve(app, 'importStatement', async ({ request, reply, params }) => {
    // an entry dated after today (in Brasília) has not happened: scheduled
    const today = todayIn(ctx.now());
    const upload = await readStatementUpload(request, today);
    const fingerprint = multipartFingerprint(request.method, request.url, upload.digest);
    if (await beginIdempotency(ctx, request, reply, fingerprint)) return reply;

    const id = Number(params.bankAccount);
    const account = /^\d+$/.test(params.bankAccount)
      ? readTx(ctx, request, (tx) => tx.bankAccounts.get(id))
      : undefined;
    if (!account) throw notFound('bank_account');

    const fields = readFields(upload.fields);
    const errors: FieldErrors = fields.ok ? {} : { ...fields.fields };
    if (upload.files.length !== 1) {
      errors.file = [
        upload.files.length === 0 ? 'is required (an OFX or CSV statement)' : 'send one file only',
      ];
    }
    if (!fields.ok || Object.keys(errors).length > 0) throw validationFailed(errors);
    const { format, force, options } = fields.value;
    const file = upload.files[0]!;
    if (file.size === 0)
      throw fileRefused('invalid_file', 'invalid file', [issueOf(1, statementFinding('file.empty', {}))]);
    const parsed =
      file.parsed ?? (await parseStatement(file.bytes ?? Buffer.alloc(0), { ...options, today }));
    if (parsed.errors.length > 0)
      throw fileRefused('invalid_file', 'the statement has errors', parsed.errors);
    if (parsed.statements.length === 0) {
      throw fileRefused('invalid_file', 'invalid file', [
        issueOf(1, statementFinding('file.no-statement', { format })),
      ]);
    }
    const mismatches = accountMismatches(account, parsed.statements);
    if (mismatches.length > 0 && !force) {
      throw fileRefused(
        'account_mismatch',
        `the statement is not for bank account ${account.id} (send force=true to import it anyway)`,
        mismatches,
        { bank_account_id: account.id },
      );
    }
    const input = {
      parsed,
      format,
      fileName: file.fileName,
      sha256: file.sha256,
      forced: force && mismatches.length > 0,
    };
    const slug = condominiumOf(request);
    const now = ctx.now();
    let imp: StatementImport | undefined;
    try {
      imp = ctx.store.write(slug, (tx) => beginImport(tx, account, input, now));
      const progress = await recordLines(ctx.store, imp, fileTransactions(parsed), now);
      const importId = imp.id;
      return commit(ctx, request, reply, (tx) => {
        const summary = finishImport(tx, importId, progress, input, now);
        emitEvent(ctx, tx, 'bank.statement.imported', summary);
        return created({ data: summary });
      });
    } catch (err) {
      const loading = imp;
      if (loading) {
        try {
          ctx.store.write(slug, (tx) => discardImport(tx, loading.id));
        } catch (cleanup) {
          ctx.log(`${request.id} could not discard statement import ${loading.id}: ${cleanup}`);
        }
      }
      throw asApiError(err, ctx, request.id);
    }
  });
}
