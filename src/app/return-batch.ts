/**
 * Which batch a bank's return answers (#21, #33; #54 point 1): the one, not canceled, whose payables carry every
 * seu número of the file, paid from the account its header names; a re-run's batch is the one that already took
 * this very file; a payment sent again in a later batch is told apart by the header's NSA, else by the batch still
 * waiting for the bank's word on it. Read through the client once per run; the CLI says what was found. And the
 * return's upload, with what it refused.
 */
import type { Batch, Client, ReturnSummary } from '../client/index.js';
import { accountMatches } from '../domain/bank-accounts.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { type Rejection, rejectionsOf } from './rejections.js';

/** What a return file says of itself, as far as finding its batch goes. */
export interface ReturnHeader {
  seuNumeros: string[];
  /** the paying account its header names */
  account: string | null;
  /** the NSA its header carries (Itaú's returns carry none) */
  fileSequence: number | null;
  sha256: string;
}

/** A batch as a return is matched against it. */
export interface CandidateBatch {
  batch: Batch;
  seus: Set<string>;
  /** the paying account's agency and number, where the server lists it */
  account: { agency: string; account_number: string } | undefined;
  /** whether any of these payments still awaits the bank's final word in this batch */
  waiting: (seuNumeros: string[]) => boolean;
}

/** The condominium's live batches (canceled ones left out), each with its payments' seu números. */
export async function candidateBatches(client: Client): Promise<CandidateBatch[]> {
  const [batches, accounts] = await Promise.all([
    client.batches.list({ all: true }),
    client.bankAccounts.list().catch(() => []),
  ]);
  const live = [...batches].filter((b) => b.state !== 'canceled');
  return Promise.all(
    live.map(async (b) => {
      const detail = await client.batches.get(b.public_id);
      const payables = detail.payables ?? [];
      const seus = new Set(payables.map((p) => String(p.seu_numero ?? '')));
      const paying = [...accounts].find((a) => a.id === b.bank_account_id);
      const account = paying
        ? { agency: String(paying.agency ?? ''), account_number: String(paying.account_number ?? '') }
        : undefined;
      const waiting = (seuNumeros: string[]) => {
        const named = new Set(seuNumeros);
        return payables.some(
          (p) => named.has(String(p.seu_numero)) && (p.outcome === null || p.outcome === 'scheduled'),
        );
      };
      return { batch: detail, seus, account, waiting };
    }),
  );
}

/** The batch a return answers, or why none: no batch holds its payments, one does but from another account, or several. */
export type BatchMatch =
  | { found: CandidateBatch }
  | { none: true; holding: CandidateBatch | undefined }
  | { several: CandidateBatch[] };

export function matchReturn(batches: readonly CandidateBatch[], header: ReturnHeader): BatchMatch {
  const paidFrom = (b: CandidateBatch) =>
    !b.account || !header.account || accountMatches(b.account, header.account) !== false;
  // a re-run: the batch that already took this very file (its replay is the answer)
  const took = batches.filter((b) => (b.batch.returns ?? []).some((r) => r.file_sha256 === header.sha256));
  const holding = batches.filter((b) => header.seuNumeros.every((s) => b.seus.has(s)));
  let matches = took.length === 1 ? took : holding.filter(paidFrom);
  // a payable rejected in one batch and sent again in the next is in both: the header's NSA, where it has one,
  // or the batch still waiting for an answer on these payments, tells them apart
  if (matches.length > 1 && header.fileSequence !== null) {
    const bySequence = matches.filter((b) => b.batch.file_sequence === header.fileSequence);
    if (bySequence.length > 0) matches = bySequence;
  }
  if (matches.length > 1) {
    const waiting = matches.filter((b) => b.waiting(header.seuNumeros));
    if (waiting.length > 0) matches = waiting;
  }
  const [only] = matches;
  if (matches.length === 1 && only) return { found: only };
  if (matches.length === 0) return { none: true, holding: holding[0] };
  return { several: matches };
}

/**
 * The batches, read once per finder (a run): a return file finds the one whose payables carry all its seu números
 * (canceled batches left out), confirmed by the paying account in the file's header; `say` hears which it found.
 * Every refusal ends "nothing was sent": it comes before the upload.
 */
export function returnBatchFinder(client: Client, say: (line: Text) => void) {
  let all: Promise<CandidateBatch[]> | undefined;
  return {
    /** The batch a file belongs to, or a usage error naming the file. */
    find: async (path: string, facts: ReturnHeader): Promise<string> => {
      all ??= candidateBatches(client);
      const match = matchReturn(await all, facts);
      if ('found' in match) {
        const [id, nsa] = [match.found.batch.public_id, match.found.batch.file_sequence ?? '?'];
        say({
          en: `${path}: batch ${id} (NSA ${nsa}), by its payments`,
          pt: `${path}: lote ${id} (NSA ${nsa}), pelos pagamentos`,
        });
        return id;
      }
      if ('none' in match) {
        const [held, n, first] = [
          match.holding?.batch.public_id,
          facts.seuNumeros.length,
          facts.seuNumeros[0],
        ];
        const more = n > 1 ? ', …' : '';
        throw new UsageError(
          held
            ? {
                en: `${path}: its payments are batch ${held}'s, but the file is for account ${facts.account}, not the batch's; nothing was sent`,
                pt: `${path}: os pagamentos dele são do lote ${held}, mas o arquivo é da conta ${facts.account}, não da do lote; nada foi enviado`,
              }
            : {
                en: `${path}: its ${n} payments are in no batch of this condominium (seu número ${first}${more}); nothing was sent`,
                pt: `${path}: os ${n} pagamentos dele não estão em nenhum lote deste condomínio (seu número ${first}${more}); nada foi enviado`,
              },
        );
      }
      const ids = match.several.map((b) => b.batch.public_id).join(', ');
      throw new UsageError({
        en: `${path}: its payments are in ${match.several.length} batches (${ids}); give the batch id; nothing was sent`,
        pt: `${path}: os pagamentos dele estão em ${match.several.length} lotes (${ids}); dê o id do lote; nada foi enviado`,
      });
    },
    /** A batch given by id must be the file's: checked before anything is sent. */
    check: async (id: string, path: string, facts: ReturnHeader): Promise<void> => {
      const detail = await client.batches.get(id);
      const seus = new Set((detail.payables ?? []).map((p) => String(p.seu_numero ?? '')));
      const foreign = facts.seuNumeros.filter((s) => !seus.has(s));
      if (foreign.length > 0)
        throw new UsageError({
          en: `${path}: ${foreign.length} of its ${facts.seuNumeros.length} payments are not in batch ${id} (seu número ${foreign[0]}); is it another batch's return? nothing was sent`,
          pt: `${path}: ${foreign.length} dos ${facts.seuNumeros.length} pagamentos dele não estão no lote ${id} (seu número ${foreign[0]}); é o retorno de outro lote? nada foi enviado`,
        });
    },
  };
}

/** A finder of the batch a return answers (returnBatchFinder). */
export type ReturnBatchFinder = ReturnType<typeof returnBatchFinder>;

/**
 * A return uploaded to its batch, streamed from disk under `idempotencyKey` (a cron re-run of the same file is a
 * replay, not a second import); with the payables it refused still waiting for their fix, each with its supplier,
 * when `rejections` asks for them (a person's screen; a script's JSON has the items).
 */
export async function importReturnFile(
  client: Client,
  batch: string,
  path: string,
  opts: { idempotencyKey: string; onProgress: (sent: number) => void; rejections: boolean },
): Promise<{ summary: ReturnSummary; replayed: boolean; rejections: Rejection[] }> {
  const { summary, replayed } = await client.batches.importReturn(batch, path, {
    idempotencyKey: opts.idempotencyKey,
    onProgress: opts.onProgress,
  });
  const items = summary.batch?.payables ?? [];
  const refused = opts.rejections && items.some((p) => p.outcome === 'rejected');
  return { summary, replayed, rejections: refused ? await rejectionsOf(client, items) : [] };
}
