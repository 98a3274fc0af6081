/**
 * Finding things the way support asks for them: a supplier by (part of) its name, a payable by a unique start or
 * end of its id or by the 20-character seu número the bank quotes, and the names a detail view prints next to ids.
 * Everything here reads lists the API already serves; nothing asks a server for a search it may not have.
 */

import type { Client } from '../client/index.js';
import type { Payable } from '../client/types.js';
import { formatDateBr } from '../domain/dates.js';
import { NotFoundError, UsageError } from '../domain/errors.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { findChartAccount, findSupplier, type Refuse } from './lookups.js';
import { unitName } from './names.js';

/** The supplier a name (or a part of one) picks out; `refuse` places the error where the name was written. */
export async function supplierNamed(client: Client, text: string, refuse: Refuse): Promise<number> {
  return findSupplier([...(await client.suppliers.list())], text, refuse).id;
}

/** The chart account a code (`2.3.05`) or a part of a name (`jardinagem`) picks out. */
export async function chartAccountNamed(client: Client, text: string, refuse: Refuse): Promise<number> {
  return findChartAccount([...(await client.chartOfAccounts.list())], text, refuse).id;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** An id as a person typed or copied it: upper case, without the … a narrow table puts before an id's end (#53). */
const typedId = (text: string) => text.trim().replace(/^…/, '').toUpperCase();

/** An id, or a start or end of one long enough to look for (4 to 25 characters). */
const looksLikeId = (v: string) => ULID.test(v) || /^[0-9A-Z]{4,25}$/.test(v);

/**
 * Payables' ids from what support has at hand: the id, a unique start or end of it (4 characters or more), or
 * the seu número (its last 20 characters, as the CNAB files and the bank's portal show it). Ids made in the same
 * millisecond share their start and differ at the end, so both are accepted. Full ids cost nothing; the others
 * are found in one read of the list.
 */
export async function payableIdsOf(
  client: Client,
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
  const all = [...(await client.payables.list({}, { all: true }))];
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
export async function publicIdOf(
  client: Client,
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
export function idNamer(client: Client) {
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
          [...(await client.chartOfAccounts.list())].map((a) => ({
            id: a.id,
            label: `${a.code ?? ''} ${a.name ?? ''}`.trim(),
          })),
        ),
      ),
    bankAccount: (id: unknown) =>
      labelled(
        id,
        load('bank', async () =>
          [...(await client.bankAccounts.list())].map((a) => ({
            id: a.id,
            label: `${a.name ?? ''}${a.bank_code ? ` (${a.bank_code} ag ${a.agency ?? ''} cc ${a.account_number ?? ''})` : ''}`,
          })),
        ),
      ),
    supplier: (id: unknown) =>
      labelled(
        id,
        load(`supplier ${String(id)}`, async () => {
          const s = await client.suppliers.get(id as number);
          return [{ id: s.id, label: s.name ?? '' }];
        }),
      ),
    unit: (id: unknown) =>
      labelled(
        id,
        load(`unit ${String(id)}`, async () => {
          const u = await client.units.get(id as number);
          return [{ id: u.id, label: unitName(u) }];
        }),
      ),
  };
}
