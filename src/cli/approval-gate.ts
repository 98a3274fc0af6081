/**
 * The approvals a batch's file needs before it is delivered (#34 point 4), checked by `batches download`, and what
 * `batches approve` and `approvals log` read the same way: the profile's policy and the batch's facts.
 */

import { loadPolicy } from '../app/approvals.js';
import { deliveryApprovals } from '../app/batch-approvals.js';
import type { FactsAt } from '../app/batch-facts.js';
import { sha256File } from '../app/files.js';
import type { Deps } from './context.js';

/** The profile's policy (`condo config set policy FILE`), where the run has a profile that names one. */
export async function profilePolicy(deps: Deps): Promise<string | undefined> {
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  return (await deps.config()).setting(profileName, 'policy');
}

/** Where the batch's facts are read: this run's condominium and day. */
export async function factsAt(deps: Deps): Promise<FactsAt> {
  return { condominium: (await deps.credentials()).condominium, today: deps.today() };
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
  const at = { ...(await factsAt(deps)), now: deps.now() };
  const decision = await deps.app(deliveryApprovals, loaded, at, id, await sha256File(written), deps.warn);
  deps.info(
    {
      en: `approved by ${decision.counted.join(', ') || 'nobody (the policy asks for none)'}: ${decision.counted.length} of ${decision.required} needed`,
      pt: `aprovado por ${decision.counted.join(', ') || 'ninguém (a política não pede)'}: ${decision.counted.length} de ${decision.required} necessárias`,
    },
    true,
  );
}
