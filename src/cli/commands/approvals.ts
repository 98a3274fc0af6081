import { type BatchFacts, type PayeeFacts, usesRevenue } from '../../domain/approvals.js';
import { addDays, addMonthsClamped, formatInstantBr } from '../../domain/dates.js';
import { AuthError, ConflictError, UsageError } from '../../domain/errors.js';
import { monthlyTotals } from '../../domain/ledger.js';
import type { Text } from '../../domain/text.js';
import {
  checkDelivery,
  judgeApproval,
  type LoadedPolicy,
  loadPolicy,
  type ReadApproval,
  readApprovals,
  writeApproval,
} from '../approvals.js';
import type { Deps } from '../context.js';
import { ExitCode, outcomeOf } from '../exit-codes.js';
import { ifServed } from '../extension.js';
import { sha256File, sha256Of } from '../files.js';
import { publicIdArg } from '../flags.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';

/** `batches approve` and `approvals log` (#34 point 4); the check before delivery is `requireApprovals`. */

/** The profile's policy (`condo config set policy FILE`), where the run has a profile that names one. */
async function profilePolicy(deps: Deps): Promise<string | undefined> {
  const { profileName } = await deps.credentials().catch(() => ({ profileName: undefined }));
  return (await deps.config()).setting(profileName, 'policy');
}

async function policyOrRefuse(deps: Deps, flag: string | undefined): Promise<LoadedPolicy> {
  const loaded = await loadPolicy(flag, deps.io.env, flag ? undefined : await profilePolicy(deps));
  if (!loaded)
    throw new UsageError({
      en: '--policy: name the firm’s policy file (or CONDO_POLICY, or condo config set policy FILE): it says who may approve',
      pt: '--policy: indique o arquivo de política da administradora (ou CONDO_POLICY, ou condo config set policy FILE): ele diz quem pode aprovar',
    });
  return loaded;
}

/** The batch as an approval binds it: its file by the hash of `sha256`, its total, count and creator. */
export async function batchFacts(
  deps: Deps,
  id: string,
  sha256: string,
  opts: { revenue?: boolean } = {},
): Promise<BatchFacts> {
  const [creds, batch] = await Promise.all([deps.credentials(), (await deps.client()).batches.get(id)]);
  if (typeof batch.file_sha256 === 'string' && batch.file_sha256 !== sha256)
    throw new ConflictError({
      en: `batch ${id}: the file the server sent has SHA-256 ${sha256}, the batch says ${batch.file_sha256}: not approved, not delivered`,
      pt: `lote ${id}: o arquivo enviado pelo servidor tem SHA-256 ${sha256}, o lote diz ${batch.file_sha256}: não aprovado, não entregue`,
    });
  const amounts = (batch.payables ?? []).map((p) => Number(p.amount ?? 0));
  const payees = await payeeFacts(
    deps,
    (batch.payables ?? []).map((p) => String(p.public_id)),
  );
  const average_revenue_cents = opts.revenue ? await averageRevenue(deps) : null;
  return {
    condominium: creds.condominium,
    batch: id,
    sha256,
    total_cents: Number(batch.total_amount ?? 0),
    payments: Number(batch.payables_count ?? amounts.length),
    largest_payment_cents: amounts.length > 0 ? Math.max(...amounts) : 0,
    created_by: typeof batch.created_by === 'string' ? batch.created_by : null,
    payees,
    average_revenue_cents,
  };
}

/** The condominium's average monthly revenue over the last 3 whole months, from its ledger (as ledger summary). */
async function averageRevenue(deps: Deps): Promise<number> {
  const first = `${deps.today().slice(0, 7)}-01`;
  const from = addMonthsClamped(first, -3).slice(0, 7);
  const to = addDays(first, -1);
  const entries = await (await deps.client()).accountEntries.list({ from: `${from}-01`, to }, { all: true });
  const months = monthlyTotals(entries, from, to.slice(0, 7));
  return Math.round(months.reduce((sum, m) => sum + m.revenueCents, 0) / 3);
}

/** The suppliers a batch pays: new to the condominium (none of their payments was ever paid), and data changes. */
async function payeeFacts(deps: Deps, payableIds: string[]): Promise<PayeeFacts[]> {
  const client = await deps.client();
  // the batch's payables' suppliers from the list of those in a batch (pages, not a call a payable); one the list
  // does not show is asked for by itself
  const wanted = new Set(payableIds);
  const supplierOf = new Map<string, unknown>();
  for (const p of await client.payables.list({ state: 'in_batch' }, { all: true }))
    if (wanted.has(p.public_id)) supplierOf.set(p.public_id, p.supplier_id);
  const missing = payableIds.filter((id) => !supplierOf.has(id));
  for (const p of await Promise.all(missing.map((id) => client.payables.get(id))))
    supplierOf.set(p.public_id, p.supplier_id);
  const supplierIds = [
    ...new Set([...supplierOf.values()].filter((id): id is number => typeof id === 'number')),
  ];
  return Promise.all(
    supplierIds.map(async (id) => {
      // paid before: a payable of a batch, or a settled expense registered for it (a month paid some other way);
      // a token that may not read expenses leaves only the payables to say
      const [supplier, paid, settled] = await Promise.all([
        client.suppliers.get(id),
        client.payables.list({ supplier_id: id, state: 'paid' }, { limit: 1 }),
        client.expenses.list({ supplier_id: id, paid: 'true' }, { limit: 1 }).catch((error: unknown) => {
          if (error instanceof AuthError && error.status === 403) return [];
          throw error;
        }),
      ]);
      const changed = (supplier as { payment_data_changed_at?: string | null }).payment_data_changed_at;
      return {
        name: supplier.name ?? `supplier ${id}`,
        new: paid.length === 0 && settled.length === 0,
        payment_data_changed_at: changed,
      };
    }),
  );
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
  // the exact bytes that will go to the bank, hashed as they come
  const file = await (await deps.client()).batches.download(id);
  const facts = await batchFacts(deps, id, await sha256Of(file.body), {
    revenue: usesRevenue(loaded.policy),
  });
  const { path, statement, kept } = await writeApproval(loaded, facts, {
    keyFile: opts.key,
    signer: opts.signer,
    now: deps.now(),
  });
  // beside the batch too, where the server keeps approvals (condo's sandbox does): whoever delivers the file then
  // finds it there; elsewhere the file travels by e-mail or a shared folder. A re-run replaces it (one a signer).
  const client = await deps.client();
  const onServer = await ifServed(async () => {
    await client.batches.addApproval(id, kept);
    return true;
  }, false);
  // decided now, not at delivery (#50 point 7): an approval that cannot count is said to be one as it is made
  const ownBatch = isCreators(loaded, facts, statement.signer);
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

/** The signer is the API client that created the batch: its approval is kept and never counts. */
function isCreators(loaded: LoadedPolicy, facts: Pick<BatchFacts, 'created_by'>, signer: string): boolean {
  return facts.created_by !== null && loaded.policy.signers[signer]?.client_id === facts.created_by;
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
  const facts = await batchFacts(deps, id, await sha256File(written), {
    revenue: usesRevenue(loaded.policy),
  });
  const { decision, refused } = await checkDelivery(
    loaded,
    facts,
    deps.now(),
    await approvalsOnServer(deps, loaded, id),
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
    pt: `lote ${id}: não entregue, faltam aprovações: ${decision.missing.map((m) => m.pt).join('; ')} (condo batches approve ${id} --key FILE)`,
  });
}

/** The approvals the server keeps beside the batch, judged as those in the folder are; none where it keeps none. */
async function approvalsOnServer(deps: Deps, loaded: LoadedPolicy, id: string): Promise<ReadApproval[]> {
  const client = await deps.client();
  const kept = await ifServed(() => client.batches.approvals(id), []);
  return kept.map((a) => judgeApproval(loaded, `server:${id}.${a.signer}`, a));
}

const STATUS: Readonly<Record<'valid' | 'expired' | 'bad' | 'own_batch', Text>> = {
  valid: { en: 'valid', pt: 'válida' },
  expired: { en: 'expired', pt: 'expirada' },
  bad: { en: 'not valid', pt: 'inválida' },
  own_batch: { en: 'does not count', pt: 'não vale' },
};

/**
 * Who created each batch the approvals name (a condo extension of the batch), where the server can be asked: a
 * log read with no profile, or on a server that does not say, shows the approvals without it.
 */
async function batchCreators(deps: Deps, batches: readonly string[]): Promise<Map<string, string | null>> {
  const creators = new Map<string, string | null>();
  const failed: string[] = [];
  const ask = async () => {
    const client = await deps.client();
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
  };
  await ask().catch((error: Error) => failed.push(error.message));
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
  const now = deps.now().getTime();
  const approvals = await readApprovals(loaded);
  const creators = await batchCreators(deps, [
    ...new Set(approvals.flatMap((a) => (a.statement ? [a.statement.batch] : []))),
  ]);
  const rows = approvals.map((a) => {
    const s = a.statement;
    const own = s !== null && isCreators(loaded, { created_by: creators.get(s.batch) ?? null }, s.signer);
    const status: keyof typeof STATUS = a.bad
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
