/**
 * The approvals a batch's file needs before it is delivered (#34 point 4), checked by `batches download`, and what
 * `batches approve` and `approvals log` read the same way: the profile's policy and the batch's facts.
 */

import { checkDelivery, loadPolicy } from '../app/approvals.js';
import { approvalsOnServer, batchFacts } from '../app/batch-facts.js';
import { sha256File } from '../app/files.js';
import type { Client } from '../client/index.js';
import { usesRevenue } from '../domain/approvals.js';
import { ConflictError } from '../domain/errors.js';
import type { Deps } from './context.js';

/** The profile's policy (`condo config set policy FILE`), where the run has a profile that names one. */
export async function profilePolicy(deps: Deps): Promise<string | undefined> {
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  return (await deps.config()).setting(profileName, 'policy');
}

/** What the batch's facts are read with: this run's client, condominium and day. */
export async function factsSource(
  deps: Deps,
): Promise<{ client: Client; condominium: string; today: string }> {
  const [client, creds] = await Promise.all([deps.client(), deps.credentials()]);
  return { client, condominium: creds.condominium, today: deps.today() };
}

/**
 * Before a batch's file is delivered: with a policy, the approvals it needs must be there and count; otherwise
 * the refusal names what is missing and why each approval that is there does not count.
 */
export async function requireApprovals(
  deps: Deps,
  id: string,
  written: string,
  policyFlag?: string,
): Promise<void> {
  const loaded = await loadPolicy(
    policyFlag,
    deps.io.env,
    policyFlag ? undefined : await profilePolicy(deps),
  );
  if (!loaded) return;
  const facts = await batchFacts(await factsSource(deps), id, await sha256File(written), {
    revenue: usesRevenue(loaded.policy),
  });
  const { decision, refused } = await checkDelivery(
    loaded,
    facts,
    deps.now(),
    await approvalsOnServer(await deps.client(), loaded, id),
  );
  for (const r of refused)
    deps.warn({
      en: `approval ${r.file}${r.signer ? ` by ${r.signer}` : ''} does not count: ${r.why.en}`,
      pt: `a aprovação ${r.file}${r.signer ? ` de ${r.signer}` : ''} não vale: ${r.why.pt}`,
    });
  if (decision.missing.length === 0) {
    deps.info(
      {
        en: `approved by ${decision.counted.join(', ') || 'nobody (the policy asks for none)'}: ${decision.counted.length} of ${decision.required} needed`,
        pt: `aprovado por ${decision.counted.join(', ') || 'ninguém (a política não pede)'}: ${decision.counted.length} de ${decision.required} necessárias`,
      },
      true,
    );
    return;
  }
  throw new ConflictError({
    en: `batch ${id}: not delivered, its approvals fall short: ${decision.missing.map((m) => m.en).join('; ')} (condo batches approve ${id} --key FILE)`,
    pt: `lote ${id}: não entregue, faltam aprovações: ${decision.missing.map((m) => m.pt).join('; ')} (condo batches approve ${id} --key ARQUIVO)`,
  });
}
