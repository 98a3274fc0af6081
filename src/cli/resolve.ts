/**
 * Finding things the way support asks for them: a supplier by (part of) its name, a payable by a unique start or
 * end of its id or by the 20-character seu número the bank quotes, and the names a detail view prints next to ids.
 * Everything here reads lists the API already serves; nothing asks a server for a search it may not have.
 */

import { findChartAccount, findSupplier } from '../app/lookups.js';
import { unitName } from '../app/names.js';
import type { Payable } from '../client/types.js';
import { formatDateBr } from '../domain/dates.js';
import { NotFoundError, UsageError } from '../domain/errors.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';
import { intFlag } from './flags.js';

export { folded, unitName } from '../app/names.js';

/** A flag's refusal: the flag first, then what the lookup said. */
const atFlag = (flag: string) => (t: Text) =>
  new UsageError({ en: `${flag}: ${t.en}`, pt: `${flag}: ${t.pt}` });

/** `--supplier 3` or `--supplier Jardins`: an id, or a name that one supplier's name is, or contains. */
export async function resolveSupplierId(deps: Deps, flag: string, text: string): Promise<number> {
  if (/^\s*\d+\s*$/.test(text)) return intFlag(flag, text);
  const suppliers = [...(await (await deps.client()).suppliers.list())];
  return findSupplier(suppliers, text, atFlag(flag)).id;
}

/**
 * `--chart-account 31`, `--chart-account 2.3.05` (the code accountants know) or `--chart-account jardinagem` (a
 * part of the name that one account has).
 */
export async function resolveChartAccountId(deps: Deps, flag: string, text: string): Promise<number> {
  if (/^\s*\d+\s*$/.test(text)) return intFlag(flag, text);
  const chart = [...(await (await deps.client()).chartOfAccounts.list())];
  return findChartAccount(chart, text, atFlag(flag)).id;
}

/**
 * A verb's flags with `--supplier NAME` and `--chart-account CODE|NAME` turned into ids, as every body flag takes
 * an id.
 */
export async function withNamedIds<
  F extends { supplier?: string | undefined; chartAccount?: string | undefined },
>(deps: Deps, flags: F): Promise<F> {
  const isId = (v: string | undefined) => v === undefined || /^\s*\d+\s*$/.test(v);
  return {
    ...flags,
    ...(isId(flags.supplier)
      ? {}
      : { supplier: String(await resolveSupplierId(deps, '--supplier', flags.supplier as string)) }),
    ...(isId(flags.chartAccount)
      ? {}
      : {
          chartAccount: String(
            await resolveChartAccountId(deps, '--chart-account', flags.chartAccount as string),
          ),
        }),
  };
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** An id as a person typed or copied it: upper case, without the … a narrow table puts before an id's end (#53). */
const typedId = (text: string) => text.trim().replace(/^…/, '').toUpperCase();

/** An id, or a start or end of one long enough to look for (4 to 25 characters). */
const looksLikeId = (v: string) => ULID.test(v) || /^[0-9A-Z]{4,25}$/.test(v);

/**
 * A payable's id from what support has at hand: the id, a unique start or end of it (4 characters or more), or
 * the seu número (its last 20 characters, as the CNAB files and the bank's portal show it). Ids made in the same
 * millisecond share their start and differ at the end, so both are accepted.
 */
export async function resolvePayableId(deps: Deps, name: string, text: string): Promise<string> {
  const [id] = await resolvePayableIds(deps, [{ name, text }]);
  return id as string;
}

/** Many at once (`payables mark`): full ids cost nothing; the others are found in one read of the list. */
export async function resolvePayableIds(
  deps: Deps,
  wanted: readonly { name: string; text: string }[],
): Promise<string[]> {
  const asked = wanted.map(({ name, text }) => {
    const v = typedId(text);
    if (!looksLikeId(v))
      throw new UsageError({
        en: `${name}: "${text}" is not a payable id, a unique start or end of one (4 characters or more) or a seu número`,
        pt: `${name}: "${text}" não é um id de conta a pagar, um começo ou fim único de um (4 caracteres ou mais) nem um seu número`,
      });
    return { name, v };
  });
  if (asked.every(({ v }) => ULID.test(v))) return asked.map(({ v }) => v);
  const all = [...(await (await deps.client()).payables.list({}, { all: true }))];
  const describe = (due: string) => (p: Payable) =>
    `${p.public_id} (${p.payee_name ?? ''}, ${formatReais(p.amount ?? 0)}, ${due} ${formatDateBr(p.due_date)})`;
  return asked.map(({ name, v }) =>
    ULID.test(v)
      ? v
      : onlyMatch(v, all, (p) => p.public_id, {
          none: {
            en: `${name}: no payable's id starts or ends with ${v}`,
            pt: `${name}: nenhuma conta a pagar tem id que comece ou termine com ${v}`,
          },
          many: (matches, some) => ({
            en: `${name}: ${v} fits ${matches.length} payables' ids: ${some(describe('due'))}; give more characters`,
            pt: `${name}: ${v} serve para ${matches.length} contas: ${some(describe('vence'))}; dê mais caracteres`,
          }),
        }),
  );
}

/** The one record whose id starts or ends with `v`; none, or several (the first three named), is an error. */
function onlyMatch<T>(
  v: string,
  records: readonly T[],
  idOf: (r: T) => string,
  said: { none: Text; many: (matches: T[], some: (describe: (r: T) => string) => string) => Text },
): string {
  const matches = records.filter((r) => idOf(r).startsWith(v) || idOf(r).endsWith(v));
  const [only] = matches;
  if (matches.length === 1 && only) return idOf(only);
  if (matches.length === 0) throw new NotFoundError(said.none);
  throw new UsageError(
    said.many(
      matches,
      (describe) => `${matches.slice(0, 3).map(describe).join('; ')}${matches.length > 3 ? '; …' : ''}`,
    ),
  );
}

/**
 * A batch's or a statement import's id from a unique start or end of it (4 characters or more), as a firm's table
 * on a narrow terminal shows ids (`…G5E7F7`, #53); a whole id is taken as it is, without a read.
 */
export async function resolvePublicId(
  deps: Deps,
  name: string,
  text: string,
  kind: 'batch' | 'statement',
): Promise<string> {
  const v = typedId(text);
  if (ULID.test(v)) return v;
  const noun =
    kind === 'batch' ? { en: 'batch', pt: 'lote' } : { en: 'statement import', pt: 'importação de extrato' };
  if (!looksLikeId(v))
    throw new UsageError({
      en: `${name}: "${text}" is not a ${noun.en} id, nor a unique start or end of one (4 characters or more)`,
      pt: `${name}: "${text}" não é um id de ${noun.pt}, nem um começo ou fim único de um (4 caracteres ou mais)`,
    });
  const client = await deps.client();
  const ids =
    kind === 'batch'
      ? [...(await client.batches.list({ all: true }))].map((b) => b.public_id)
      : [...(await client.statements.list({}, { all: true }))].map((r) => r.statement_id);
  return onlyMatch(v, ids, (id) => id, {
    none: {
      en: `${name}: no ${noun.en}'s id starts or ends with ${v}`,
      pt: `${name}: nenhum id de ${noun.pt} começa ou termina com ${v}`,
    },
    many: (matches, some) => ({
      en: `${name}: ${v} fits ${matches.length} ids (${some((id) => id)}); give more characters`,
      pt: `${name}: ${v} serve para ${matches.length} ids (${some((id) => id)}); dê mais caracteres`,
    }),
  });
}

type Named = { id: number; label: string };

/**
 * Names for ids in a detail view, read once per run from the lists (chart of accounts, bank accounts) or the
 * record (a supplier, a unit). A name that cannot be read (a token without that scope, an old server) leaves
 * the id alone: a detail view never fails for want of a label.
 */
export function namer(deps: Deps) {
  const lists = new Map<string, Promise<Map<number, string>>>();
  const load = (kind: string, fetch: () => Promise<Named[]>) => {
    let list = lists.get(kind);
    if (!list) {
      list = fetch()
        .then((rows) => new Map(rows.map((r) => [r.id, r.label])))
        .catch(() => new Map<number, string>());
      lists.set(kind, list);
    }
    return list;
  };
  const labelled = async (id: unknown, names: Promise<Map<number, string>>) => {
    if (typeof id !== 'number') return id === null || id === undefined ? '' : String(id);
    const label = (await names).get(id);
    return label ? `${label} (${id})` : String(id);
  };
  return {
    chartAccount: (id: unknown) =>
      labelled(
        id,
        load('chart', async () =>
          [...(await (await deps.client()).chartOfAccounts.list())].map((a) => ({
            id: a.id,
            label: `${a.code ?? ''} ${a.name ?? ''}`.trim(),
          })),
        ),
      ),
    bankAccount: (id: unknown) =>
      labelled(
        id,
        load('bank', async () =>
          [...(await (await deps.client()).bankAccounts.list())].map((a) => ({
            id: a.id,
            label: `${a.name ?? ''}${a.bank_code ? ` (${a.bank_code} ag ${a.agency ?? ''} cc ${a.account_number ?? ''})` : ''}`,
          })),
        ),
      ),
    supplier: (id: unknown) =>
      labelled(
        id,
        load(`supplier ${String(id)}`, async () => {
          const s = await (await deps.client()).suppliers.get(id as number);
          return [{ id: s.id, label: s.name ?? '' }];
        }),
      ),
    unit: (id: unknown) =>
      labelled(
        id,
        load(`unit ${String(id)}`, async () => {
          const u = await (await deps.client()).units.get(id as number);
          return [{ id: u.id, label: unitName(u) }];
        }),
      ),
  };
}
