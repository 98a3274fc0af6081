/**
 * Which batch a bank's return answers (#21, #33; #54 point 1): the one, not canceled, whose payables carry every
 * seu número of the file, paid from the account its header names; a re-run's batch is the one that already took
 * this very file; a payment sent again in a later batch is told apart by the header's NSA, else by the batch still
 * waiting for the bank's word on it. Read through the client once per run; the CLI says what was found.
 */
import type { Batch, Client } from '../client/index.js';
import { accountMatches } from '../domain/bank-accounts.js';

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
