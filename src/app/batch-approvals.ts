/**
 * A batch's approvals as the product runs them (#34 point 4): signing one for the batch's exact file, the check
 * before its file is delivered, and the log of who approved what. The policy and the signatures are
 * approvals.ts's; what an approval binds is batch-facts.ts's.
 */
import type { Client } from '../client/index.js';
import { type BatchFacts, usesRevenue } from '../domain/approvals.js';
import { ConflictError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { checkDelivery, type LoadedPolicy, type ReadApproval, writeApproval } from './approvals.js';
import { approvalsOnServer, batchFacts, type FactsAt } from './batch-facts.js';
import { sha256Of } from './files.js';
import { ifServed } from './served.js';

/** The signer is the API client that created the batch: its approval is kept and never counts. */
function isCreators(loaded: LoadedPolicy, facts: Pick<BatchFacts, 'created_by'>, signer: string): boolean {
  return facts.created_by !== null && loaded.policy.signers[signer]?.client_id === facts.created_by;
}

/**
 * `batches approve`: the approval of the exact bytes that will go to the bank (hashed as they come), written
 * beside the policy and, where the server keeps approvals (condo's sandbox does), beside the batch, so whoever
 * delivers the file finds it there. Whether it counts is decided now, not at delivery (#50 point 7).
 */
export async function signBatchApproval(
  client: Client,
  loaded: LoadedPolicy,
  at: FactsAt,
  id: string,
  sign: { keyFile: string; signer: string | undefined; now: Date },
) {
  const file = await client.batches.download(id);
  const facts = await batchFacts(client, at, id, await sha256Of(file.body), {
    revenue: usesRevenue(loaded.policy),
  });
  const { path, statement, kept } = await writeApproval(loaded, facts, sign);
  // a re-run replaces it (one a signer)
  const onServer = await ifServed(async () => {
    await client.batches.addApproval(id, kept);
    return true;
  }, false);
  return { path, statement, onServer, ownBatch: isCreators(loaded, facts, statement.signer) };
}

/**
 * Before a batch's file (`sha256`, as written) is delivered: the approvals it needs must be there and count;
 * each that is there and does not count is handed to `warn` with why, and what is missing refuses the delivery.
 */
export async function deliveryApprovals(
  client: Client,
  loaded: LoadedPolicy,
  at: FactsAt & { now: Date },
  id: string,
  sha256: string,
  warn: (line: Text) => void,
): Promise<{ counted: readonly string[]; required: number }> {
  const facts = await batchFacts(client, at, id, sha256, { revenue: usesRevenue(loaded.policy) });
  const { decision, refused } = await checkDelivery(
    loaded,
    facts,
    at.now,
    await approvalsOnServer(client, loaded, id),
  );
  for (const r of refused)
    warn({
      en: `approval ${r.file}${r.signer ? ` by ${r.signer}` : ''} does not count: ${r.why.en}`,
      pt: `a aprovação ${r.file}${r.signer ? ` de ${r.signer}` : ''} não vale: ${r.why.pt}`,
    });
  if (decision.missing.length === 0) return decision;
  throw new ConflictError({
    en: `batch ${id}: not delivered, its approvals fall short: ${decision.missing.map((m) => m.en).join('; ')} (condo batches approve ${id} --key FILE)`,
    pt: `lote ${id}: não entregue, faltam aprovações: ${decision.missing.map((m) => m.pt).join('; ')} (condo batches approve ${id} --key ARQUIVO)`,
  });
}

/**
 * Who created each batch the approvals name (a condo extension of the batch), where the server can be asked; the
 * batches it could not say for are named in `failed`.
 */
export async function batchCreators(
  client: Client,
  batches: readonly string[],
): Promise<{ creators: Map<string, string | null>; failed: string[] }> {
  const creators = new Map<string, string | null>();
  const failed: string[] = [];
  await Promise.all(
    batches.map(async (id) => {
      try {
        const batch = await client.batches.get(id);
        creators.set(id, typeof batch.created_by === 'string' ? batch.created_by : null);
      } catch (error) {
        failed.push(`${id} (${(error as Error).message})`);
      }
    }),
  );
  return { creators, failed };
}

/** An approval's standing in the log. */
export type ApprovalStatus = 'valid' | 'expired' | 'bad' | 'own_batch';

/** `approvals log`: who approved which file and when, each approval's standing and, where it does not count, why. */
export function approvalLog(
  loaded: LoadedPolicy,
  approvals: readonly ReadApproval[],
  creators: ReadonlyMap<string, string | null>,
  now: number,
) {
  return approvals.map((a) => {
    const s = a.statement;
    const own = s !== null && isCreators(loaded, { created_by: creators.get(s.batch) ?? null }, s.signer);
    const status: ApprovalStatus = a.bad
      ? 'bad'
      : s && Date.parse(s.expires_at) <= now
        ? 'expired'
        : own
          ? 'own_batch'
          : 'valid';
    const why: Text | null =
      status === 'bad'
        ? (a.bad ?? null)
        : status === 'expired'
          ? { en: 'its time ran out', pt: 'o prazo dela acabou' }
          : status === 'own_batch'
            ? { en: 'the signer created the batch', pt: 'quem assina criou o lote' }
            : null;
    const who = s ? loaded.policy.signers[s.signer] : undefined;
    return {
      batch: s?.batch ?? null,
      signer: s?.signer ?? null,
      name: who?.name ?? null,
      role: who?.role ?? null,
      sha256: s?.sha256 ?? null,
      total_cents: s?.total_cents ?? null,
      payments: s?.payments ?? null,
      signed_at: s
        ? new Date(Date.parse(s.expires_at) - loaded.policy.expiry_days * 86_400_000).toISOString()
        : null,
      expires_at: s?.expires_at ?? null,
      status,
      problem: why?.en ?? null,
      why,
      file: a.file,
    };
  });
}
