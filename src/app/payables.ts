/**
 * Payables as the product reads and changes them: pages and the whole list, one payable in detail and the bank its
 * last batch went to, entering one or a file's many, changing one, and the bulk actions (mark, unmark, delete)
 * with what condo decides around them: a payable the bank already settled is not marked again (docs/DECISIONS.md),
 * and a refusal of one already where the action leads counts as done (#50 point 8).
 */
import type { Client } from '../client/index.js';
import type { BulkResult, Payable } from '../client/types.js';
import { type CondoError, ConflictError } from '../domain/errors.js';
import { occurrenceClass, settledSomewhere } from '../formats/cnab240/codes.js';
import { SETTLED_ADVICE } from './rejections.js';

type Payables = Client['payables'];

/** A page of payables (or every one, as `page` says). */
export const payablesPage = (
  client: Client,
  filters: Parameters<Payables['list']>[0],
  page: Parameters<Payables['list']>[1],
) => client.payables.list(filters, page);

export const payableDetail = (client: Client, id: string) => client.payables.get(id);

export const enterPayable = (client: Client, body: Parameters<Payables['create']>[0]) =>
  client.payables.create(body);

/** A file's payables, each under its own key (a re-run replays what went in). */
export const enterPayables = (client: Client, ...args: Parameters<Payables['createMany']>) =>
  client.payables.createMany(...args);

export const changePayable = (client: Client, id: string, body: Parameters<Payables['update']>[1]) =>
  client.payables.update(id, body);

/** The bulk actions on payables by id. */
export type ManyAction = 'markMany' | 'unmarkMany' | 'deleteMany';

export const actOnPayables = (
  client: Client,
  action: ManyAction,
  ids: string[],
  signals: Parameters<Payables['markMany']>[1],
): Promise<BulkResult<'id', Payable | null>[]> => client.payables[action](ids, signals);

/**
 * The bank a batch's file went to (its paying account's), which a return code's meaning depends on (Sicoob's BS is
 * not FEBRABAN's); undefined when the server does not say.
 */
export async function bankOfBatch(
  client: Client,
  batchId: string | null | undefined,
): Promise<string | undefined> {
  if (!batchId) return undefined;
  try {
    const batch = await client.batches.get(batchId);
    const accounts = await client.bankAccounts.list();
    const bank = accounts.find((a) => a.id === batch.bank_account_id)?.bank_code;
    // a COMPE code, whether written with 3 digits or 4 (0341)
    return typeof bank === 'string' ? bank.replace(/^0(?=\d{3}$)/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** The state each bulk action leads to (a delete leads to none). */
const TARGET_STATE: Partial<Record<ManyAction, string>> = {
  markMany: 'marked_for_remessa',
  unmarkMany: 'pending',
};
export const stateAfter = (action: ManyAction): string | undefined => TARGET_STATE[action];

/**
 * The refused ids whose payable is already where the action leads: marking one already marked is what was asked
 * (a re-run after Ctrl-C, a list taken before the first run), so it counts as done, not as a failure. One in a
 * batch, or paid, is still a failure. One list of the payables in that state answers for every refusal; a list
 * that fails throws, and the caller says so.
 */
export async function alreadyAsAsked(
  client: Client,
  action: ManyAction,
  results: readonly { id: string; ok: boolean; error?: CondoError }[],
): Promise<{ target: string | undefined; done: Set<string> }> {
  const target = stateAfter(action);
  const refused = results.filter((r) => !r.ok && r.error?.code === 'invalid_state').map((r) => r.id);
  if (!target || refused.length === 0) return { target, done: new Set() };
  const there = new Set(
    (await client.payables.list({ state: target }, { all: true })).map((p) => String(p.public_id)),
  );
  return { target, done: new Set(refused.filter((id) => there.has(id))) };
}

/**
 * The payables among `ids` whose last word from the bank is that the bill is already settled (ZK and its kin):
 * marking one again would pay it twice. The spec lets any pending payable be marked; this refusal is condo's
 * (docs/DECISIONS.md), lifted by `--force` once the statement shows the bill unpaid. Only pending payables can
 * carry such a word and still be marked, so one list of the pending ones answers for every id.
 */
export async function settledByTheBank(
  client: Client,
  ids: readonly string[],
): Promise<Map<string, CondoError>> {
  const refused = new Map<string, CondoError>();
  if (ids.length === 0) return refused;
  const wanted = new Set(ids);
  // payables refused in one return share its batch: its bank is asked once
  const banks = new Map<string, Promise<string | undefined>>();
  const bankOf = (batchId: string | null | undefined) => {
    if (!batchId) return Promise.resolve(undefined);
    if (!banks.has(batchId)) banks.set(batchId, bankOfBatch(client, batchId));
    return banks.get(batchId) as Promise<string | undefined>;
  };
  for (const p of await client.payables.list({ state: 'pending' }, { all: true })) {
    const code = p.last_return?.code;
    if (!wanted.has(p.public_id) || !code || !settledSomewhere(code)) continue;
    // the code as the bank that answered means it (Santander's ZK is no settled bill, Caixa's DH is one): the
    // bank of the payable's last batch, which a rejected payable keeps in its history only
    const batchId = p.batch_id ?? (await client.payables.get(p.public_id)).batch_history?.at(-1)?.batch_id;
    if (occurrenceClass(code, await bankOf(batchId)) !== 'settled-do-not-pay-again') continue;
    refused.set(
      p.public_id,
      new ConflictError(
        {
          en: `${SETTLED_ADVICE.en} (${code} ${p.last_return?.message ?? ''}); not marked: --force marks it all the same`,
          pt: `${SETTLED_ADVICE.pt} (${code} ${p.last_return?.message ?? ''}); não marcada: --force marca mesmo assim`,
        },
        { code: 'settled_by_the_bank' },
      ),
    );
  }
  return refused;
}
