import { type LoadedPolicy, loadPolicy, readApprovals } from '../../app/approvals.js';
import {
  type ApprovalStatus,
  approvalLog,
  batchCreators,
  signBatchApproval,
} from '../../app/batch-approvals.js';
import { formatInstantBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import { factsAt, profilePolicy } from '../approval-gate.js';
import type { Deps } from '../context.js';
import { ExitCode, outcomeOf } from '../exit-codes.js';
import { publicIdArg } from '../flags.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';

/** `batches approve` and `approvals log` (#34 point 4); the check before delivery is `requireApprovals`. */

async function policyOrRefuse(deps: Deps, flag: string | undefined): Promise<LoadedPolicy> {
  const loaded = await loadPolicy(flag, deps.io.env, flag ? undefined : await profilePolicy(deps));
  if (!loaded)
    throw new UsageError({
      en: '--policy: name the firm’s policy file (or CONDO_POLICY, or condo config set policy FILE): it says who may approve',
      pt: '--policy: indique o arquivo de política da administradora (ou CONDO_POLICY, ou condo config set policy FILE): ele diz quem pode aprovar',
    });
  return loaded;
}

export interface ApproveOptions {
  key?: string;
  signer?: string;
  policy?: string;
}

/** `condo batches approve ID --key FILE`: signs the approval of the batch's exact file, kept beside the policy. */
export async function approveBatch(deps: Deps, idArg: string, opts: ApproveOptions): Promise<number> {
  const id = publicIdArg('ID', idArg);
  if (!opts.key)
    throw new UsageError({
      en: '--key: the SSH key to sign with (an Ed25519 key; ssh-keygen signs with any other)',
      pt: '--key: a chave SSH para assinar (uma chave Ed25519; o ssh-keygen assina com qualquer outra)',
    });
  const loaded = await policyOrRefuse(deps, opts.policy);
  const { path, statement, onServer, ownBatch } = await deps.app(
    signBatchApproval,
    loaded,
    await factsAt(deps),
    id,
    {
      keyFile: opts.key,
      signer: opts.signer,
      now: deps.now(),
    },
  );
  if (deps.format === 'json')
    printJson(deps, {
      path,
      statement,
      on_server: onServer,
      counts: !ownBatch,
      outcome: outcomeOf(ownBatch ? ExitCode.attention : ExitCode.ok),
    });
  else writeLine(deps.io.stdout, path);
  const n = statement.payments;
  const until = formatInstantBr(statement.expires_at);
  if (ownBatch)
    deps.warn({
      en: `${statement.signer} created batch ${id}: the approval is recorded and does not count (nobody approves their own batch); another approver must sign`,
      pt: `${statement.signer} criou o lote ${id}: a aprovação fica registrada e não vale (ninguém aprova o próprio lote); outro aprovador precisa assinar`,
    });
  else
    deps.info(
      {
        en: `${statement.signer} approved batch ${id} (SHA-256 ${statement.sha256.slice(0, 16)}…, ${n} payment${n === 1 ? '' : 's'}) until ${until}`,
        pt: `${statement.signer} aprovou o lote ${id} (SHA-256 ${statement.sha256.slice(0, 16)}…, ${n} pagamento${n === 1 ? '' : 's'}); expira em ${until}`,
      },
      true,
    );
  deps.info(
    onServer
      ? {
          en: 'kept beside the batch on the server, and in the file above',
          pt: 'guardada junto ao lote no servidor, e no arquivo acima',
        }
      : {
          en: 'this server keeps no approvals: send the file above to whoever delivers the batch',
          pt: 'este servidor não guarda aprovações: envie o arquivo acima a quem for entregar o lote',
        },
    true,
  );
  return ownBatch ? ExitCode.attention : ExitCode.ok;
}

const STATUS: Readonly<Record<ApprovalStatus, Text>> = {
  valid: { en: 'valid', pt: 'válida' },
  expired: { en: 'expired', pt: 'expirada' },
  bad: { en: 'not valid', pt: 'inválida' },
  own_batch: { en: 'does not count', pt: 'não vale' },
};

/**
 * Who created each batch the approvals name, where the server can be asked: a log read with no profile, or on a
 * server that does not say, shows the approvals without it.
 */
async function creatorsOf(deps: Deps, batches: readonly string[]): Promise<Map<string, string | null>> {
  const { creators, failed } = await deps
    .app(batchCreators, batches)
    .catch((error: Error) => ({ creators: new Map<string, string | null>(), failed: [error.message] }));
  // unsaid, such an approval would read "valid" here and not count at delivery
  if (failed.length > 0)
    deps.warn({
      en: `could not ask who created ${failed.length === 1 ? 'a batch' : `${failed.length} batches`}: ${failed.join('; ')}; an approval by its creator shows as valid here, and does not count at delivery`,
      pt: `não foi possível perguntar quem criou ${failed.length === 1 ? 'um lote' : `${failed.length} lotes`}: ${failed.map((f) => deps.t(f)).join('; ')}; uma aprovação de quem o criou aparece aqui como válida, e não vale na entrega`,
    });
  return creators;
}

/** `condo approvals log`: who approved which file and when, for the month's accountability. */
export async function approvalsLog(deps: Deps, opts: { policy?: string }): Promise<number> {
  const loaded = await policyOrRefuse(deps, opts.policy);
  const approvals = await readApprovals(loaded);
  const creators = await creatorsOf(deps, [
    ...new Set(approvals.flatMap((a) => (a.statement ? [a.statement.batch] : []))),
  ]);
  const rows = approvalLog(loaded, approvals, creators, deps.now().getTime());
  if (deps.format === 'json') {
    printJson(
      deps,
      rows.map(({ why: _, ...row }) => row),
    );
    return 0;
  }
  await printList(deps, rows, [
    { header: { en: 'BATCH', pt: 'LOTE' }, value: (r) => r.batch },
    { header: { en: 'SIGNER', pt: 'ASSINANTE' }, value: (r) => r.signer },
    {
      header: { en: 'NAME', pt: 'NOME' },
      value: (r) => [r.name, r.role].filter(Boolean).join(', '),
      drop: 2,
    },
    { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents' },
    {
      header: { en: 'FILE SHA-256', pt: 'SHA-256 DO ARQUIVO' },
      value: (r) => r.sha256?.slice(0, 16),
      drop: 1,
    },
    { header: { en: 'SIGNED', pt: 'ASSINADA' }, value: (r) => r.signed_at, kind: 'instant' },
    { header: { en: 'EXPIRES', pt: 'EXPIRA' }, value: (r) => r.expires_at, kind: 'instant', drop: 3 },
    {
      header: { en: 'STATUS', pt: 'SITUAÇÃO' },
      value: (r) => STATUS[r.status],
      style: (r) => (r.status === 'valid' ? 'green' : 'red'),
    },
    // why one does not count, where it does not
    { header: { en: 'WHY', pt: 'MOTIVO' }, value: (r) => r.why ?? '', drop: 4 },
  ]);
  return 0;
}
