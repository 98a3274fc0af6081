import { readFile } from 'node:fs/promises';
import type { BulkRecord } from '../app/bulk.js';
import { sha256File } from '../app/files.js';
import type { BulkOptions, BulkResult } from '../client/types.js';
import { UsageError } from '../domain/errors.js';
import type * as Schemas from '../domain/request-bodies.js';
import type { Deps } from './context.js';
import { fieldProblems } from './fields.js';
import { runBulk } from './stoppable.js';

/**
 * Request bodies of the create verbs: from flags (money converted from the flag's cents to the wire's decimal
 * reais) or from `--from-file` (API-shaped JSON, one object or an array), validated locally with the shared
 * TypeBox schema so a bad body is a usage error naming the flag or `file[i].field`, and nothing is sent.
 */

export type BodySchema =
  | 'PayableCreate'
  | 'PayableUpdate'
  | 'InvoiceCreate'
  | 'ExpenseCreate'
  | 'ExpenseInstallmentsCreate'
  | 'AccountEntryCreate'
  | 'AccountTransferCreate'
  | 'SupplierUpdate';

type Bodies = {
  PayableCreate: Schemas.PayableCreate;
  PayableUpdate: Schemas.PayableUpdate;
  InvoiceCreate: Schemas.InvoiceCreate;
  ExpenseCreate: Schemas.ExpenseCreate;
  ExpenseInstallmentsCreate: Schemas.ExpenseInstallmentsCreate;
  AccountEntryCreate: Schemas.AccountEntryCreate;
  AccountTransferCreate: Schemas.AccountTransferCreate;
  SupplierUpdate: Schemas.SupplierUpdate;
};

/** Validates one body; TypeBox loads only here (a verb that fails on a flag never imports it). */
export async function validated<S extends BodySchema>(
  schema: S,
  body: unknown,
  where: (field: string) => string,
): Promise<Bodies[S]> {
  const schemas = await import('../domain/request-bodies.js');
  const result = schemas.validateBody(schemas[schema], body);
  if (!result.ok) throw new UsageError(fieldProblems(result.said, where));
  return result.value as Bodies[S];
}

/** The JSON of `--from-file`: `single` when the file holds one object, else each element of its array. */
export async function readBodies(
  path: string,
  what: string,
): Promise<{ bodies: unknown[]; single: boolean }> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--from-file: cannot read ${path}: ${e.code ?? e.message}`,
      pt: `--from-file: não foi possível ler ${path}: ${e.code ?? e.message}`,
    });
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError({
      en: `--from-file: ${path} is not JSON: ${(e as Error).message}`,
      pt: `--from-file: ${path} não é JSON: ${(e as Error).message}`,
    });
  }
  if (!Array.isArray(parsed)) return { bodies: [parsed], single: true };
  if (parsed.length === 0)
    throw new UsageError({
      en: `--from-file: ${path} holds no ${what}`,
      pt: `--from-file: ${path} não tem nenhum(a) ${what}`,
    });
  return { bodies: parsed, single: false };
}

/** `--from-file` excludes the field flags: the file is the whole body. */
export function refuseFlagsWithFile(flags: Record<string, unknown>, allowed: string[] = []): void {
  const given = Object.keys(flags).filter(
    (k) => k !== 'fromFile' && !allowed.includes(k) && flags[k] !== undefined,
  );
  if (given.length > 0)
    throw new UsageError({
      en: '--from-file: give the fields in the file, not as flags too',
      pt: '--from-file: dê os campos no arquivo, não também como opções',
    });
}

/** Reads and validates every body of a file; the first bad one is a usage error naming `file[i].field`. */
export async function bodiesFromFile<S extends BodySchema>(
  path: string,
  schema: S,
  what: string,
): Promise<{ bodies: Bodies[S][]; single: boolean }> {
  const { bodies: raw, single } = await readBodies(path, what);
  const bodies: Bodies[S][] = [];
  for (const [i, b] of raw.entries()) {
    bodies.push(
      await validated(schema, b, (field) => (single ? `${path}: ${field}` : `${path}[${i}].${field}`)),
    );
  }
  return { bodies, single };
}

/**
 * Creates every body of a file, resumably: each item's Idempotency-Key comes from the file's content and its
 * index, so running the same command again replays what was created and creates only the rest. Ctrl-C stops
 * sending, lets the requests in flight finish (briefly), reports what was done, and exits 130.
 */
export async function createFromFile<B, T>(
  deps: Deps,
  path: string,
  bodies: B[],
  createMany: (bodies: B[], opts: BulkOptions) => Promise<BulkResult<'index', T>[]>,
  label: (created: T) => string,
): Promise<number> {
  const keyPrefix = `bulk-${(await sha256File(path)).slice(0, 24)}`;
  const { code } = await runBulk(deps, 'created', path, async (hooks) => ({
    records: (await createMany(bodies, { keyPrefix, ...hooks })).map(
      (r): BulkRecord =>
        r.ok
          ? { ok: true, data: r.data, label: label(r.data), ...(r.already ? { already: true } : {}) }
          : r.notSent
            ? { ok: false, error: r.error, label: `${path}[${r.index}]`, notSent: true }
            : { ok: false, error: r.error, label: `${path}[${r.index}]` },
    ),
  }));
  return code;
}
