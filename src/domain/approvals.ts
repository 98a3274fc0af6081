/**
 * Four-eyes approvals of the exact file that goes to the bank (#34): what an approver signs, the firm's policy of
 * who may approve and how many must, and the decision whether a batch's file has what its policy asks. Pure: the
 * CLI reads the files, verifies the signatures (formats/sshsig.ts) and hands the facts in.
 */
import { formatDateBr } from './dates.js';
import { UsageError } from './errors.js';
import type { Text } from './text.js';

export const APPROVAL_CONTEXT = 'condo-approval-v1';
/** The SSH signature namespace approvals are signed in (`ssh-keygen -Y sign -n condo-approval`). */
export const APPROVAL_NAMESPACE = 'condo-approval';

/** What an approver signs: the batch's file by its hash, its total and count, who signs, and until when. */
export interface ApprovalStatement {
  context: typeof APPROVAL_CONTEXT;
  condominium: string;
  batch: string;
  sha256: string;
  total_cents: number;
  payments: number;
  signer: string;
  expires_at: string;
}

/** The text signed: the statement's fields in this order, as one line of JSON. */
export function statementText(s: ApprovalStatement): string {
  const { context, condominium, batch, sha256, total_cents, payments, signer, expires_at } = s;
  return JSON.stringify({ context, condominium, batch, sha256, total_cents, payments, signer, expires_at });
}

export function parseApprovalStatement(text: string): ApprovalStatement {
  const s = JSON.parse(text) as Partial<ApprovalStatement>;
  if (s.context !== APPROVAL_CONTEXT) throw new Error(`not a ${APPROVAL_CONTEXT} statement`);
  for (const k of ['condominium', 'batch', 'sha256', 'signer', 'expires_at'] as const)
    if (typeof s[k] !== 'string') throw new Error(`the statement has no ${k}`);
  for (const k of ['total_cents', 'payments'] as const)
    if (!Number.isInteger(s[k])) throw new Error(`the statement has no ${k}`);
  return s as ApprovalStatement;
}

/**
 * A band of amounts and the approvals it needs: up to `up_to_cents`, or up to a share of the condominium's average
 * monthly revenue of the last 3 months (`up_to_revenue_share`: 0.25 is a quarter of it); the last band has
 * neither: above the rest. A band's limits rise from one band to the next, in one kind.
 */
export interface Band {
  up_to_cents?: number;
  up_to_revenue_share?: number;
  approvals: number;
}

export interface Policy {
  /** OpenSSH allowed_signers file, relative to the policy file. */
  allowed_signers: string;
  /** Who each principal is: a name, a role, and the API client they use (never an approver of their own batch). */
  signers: Record<string, { name?: string; role?: string; client_id?: string }>;
  /** Approvals by the batch's total. */
  batch_bands: Band[];
  /** Approvals by the largest payment in the batch. */
  payment_bands: Band[];
  /** Extra approvers when a payee is new to the condominium (no payment to it was ever paid). */
  new_payee: { approvals: number } | null;
  /**
   * Extra approvers when a payee's bank account or PIX key changed within `within_days` (a server that gives no
   * date of change counts as a recent one).
   */
  payment_data_changed: { within_days: number; approvals: number } | null;
  /** Where approvals are kept, relative to the policy file (default `approvals`). */
  approvals_dir: string;
  /** Days an approval stays valid (default 7). */
  expiry_days: number;
}

/** A mistake in the policy file, naming its field: `policy:` in English, `política:` in Portuguese. */
const policyError = (en: string, pt: string) =>
  new UsageError({ en: `policy: ${en}`, pt: `política: ${pt}` });

function bandsOf(value: unknown, field: string): Band[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw policyError(`${field} must be a list of bands`, `${field} deve ser uma lista de faixas`);
  let last = -1;
  let kind: 'up_to_cents' | 'up_to_revenue_share' | undefined;
  return value.map((b, i) => {
    const band = b as Partial<Band>;
    if (!Number.isInteger(band.approvals) || (band.approvals as number) < 0)
      throw policyError(
        `${field}[${i}].approvals must be a whole number of approvers`,
        `${field}[${i}].approvals deve ser um número inteiro de aprovadores`,
      );
    const limit =
      band.up_to_cents !== undefined
        ? 'up_to_cents'
        : band.up_to_revenue_share !== undefined
          ? 'up_to_revenue_share'
          : undefined;
    if (limit) {
      const v = band[limit] as number;
      const valid = limit === 'up_to_cents' ? Number.isInteger(v) : typeof v === 'number' && v > 0;
      if (!valid || v <= last || (kind && kind !== limit))
        throw policyError(
          `${field}[${i}].${limit} must be above the band before, of the same kind (cents, or a share of revenue)`,
          `${field}[${i}].${limit} deve estar acima da faixa anterior, do mesmo tipo (centavos, ou fração da receita)`,
        );
      last = v;
      kind = limit;
      return { approvals: band.approvals as number, [limit]: v };
    }
    if (i !== value.length - 1)
      throw policyError(
        `${field}[${i}] has no up_to_cents or up_to_revenue_share: only the last band may be open-ended`,
        `${field}[${i}] não tem up_to_cents nem up_to_revenue_share: só a última faixa pode ser aberta`,
      );
    return { approvals: band.approvals as number };
  });
}

/** Whether a policy's bands ask for the condominium's revenue (a band as a share of it). */
export const usesRevenue = (policy: Policy): boolean =>
  [...policy.batch_bands, ...policy.payment_bands].some((b) => b.up_to_revenue_share !== undefined);

/** The policy file's JSON, checked: each mistake names its field. */
export function parsePolicy(text: string): Policy {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw policyError(`not JSON (${(e as Error).message})`, `não é JSON (${(e as Error).message})`);
  }
  if (typeof raw.allowed_signers !== 'string' || raw.allowed_signers === '')
    throw policyError(
      'allowed_signers must name the allowed_signers file',
      'allowed_signers deve indicar o arquivo allowed_signers',
    );
  const signers = (raw.signers ?? {}) as Policy['signers'];
  if (typeof signers !== 'object' || Array.isArray(signers))
    throw policyError(
      'signers must map each principal to its name, role and client_id',
      'signers deve ligar cada principal ao nome, papel e client_id',
    );
  const expiry = raw.expiry_days ?? 7;
  if (!Number.isInteger(expiry) || (expiry as number) < 1)
    throw policyError(
      'expiry_days must be a whole number of days, 1 or more',
      'expiry_days deve ser um número inteiro de dias, 1 ou mais',
    );
  const extra = (field: string, days: boolean) => {
    const v = raw[field] as { approvals?: unknown; within_days?: unknown } | undefined;
    if (v === undefined) return null;
    if (!Number.isInteger(v.approvals) || (v.approvals as number) < 1)
      throw policyError(
        `${field}.approvals must be a whole number of extra approvers, 1 or more`,
        `${field}.approvals deve ser um número inteiro de aprovadores a mais, 1 ou mais`,
      );
    if (days && (!Number.isInteger(v.within_days) || (v.within_days as number) < 1))
      throw policyError(
        `${field}.within_days must be a whole number of days, 1 or more`,
        `${field}.within_days deve ser um número inteiro de dias, 1 ou mais`,
      );
    return { approvals: v.approvals as number, within_days: (v.within_days as number) ?? 0 };
  };
  const changed = extra('payment_data_changed', true);
  const fresh = extra('new_payee', false);
  return {
    allowed_signers: raw.allowed_signers,
    signers,
    batch_bands: bandsOf(raw.batch_bands, 'batch_bands'),
    payment_bands: bandsOf(raw.payment_bands, 'payment_bands'),
    new_payee: fresh ? { approvals: fresh.approvals } : null,
    payment_data_changed: changed,
    approvals_dir: typeof raw.approvals_dir === 'string' ? raw.approvals_dir : 'approvals',
    expiry_days: expiry as number,
  };
}

/**
 * The approvals the first band that holds `cents` asks for. A share of revenue with no revenue known holds nothing:
 * the amount falls to the next band (more approvers, never fewer).
 */
const needed = (bands: Band[], cents: number, revenueCents: number | null) =>
  bands.find((b) => {
    if (b.up_to_cents !== undefined) return cents <= b.up_to_cents;
    if (b.up_to_revenue_share !== undefined)
      return revenueCents !== null && revenueCents > 0 && cents <= b.up_to_revenue_share * revenueCents;
    return true;
  })?.approvals ?? 0;

/** The facts of the batch being delivered. */
export interface BatchFacts {
  condominium: string;
  batch: string;
  sha256: string;
  total_cents: number;
  payments: number;
  largest_payment_cents: number;
  /** The API client that created it, where the server says (a condo extension). */
  created_by: string | null;
  /** The batch's payees that are suppliers: whether each is new, and when its payment data last changed. */
  payees: PayeeFacts[];
  /** The condominium's average monthly revenue of the last 3 months, where a band asks for it. */
  average_revenue_cents?: number | null;
}

export interface PayeeFacts {
  name: string;
  /** No payment to it was ever paid in this condominium. */
  new: boolean;
  /** When its bank account or PIX key last changed; undefined when the server does not say. */
  payment_data_changed_at: string | null | undefined;
}

/** Whether an approval whose signature and key were verified counts for this batch's file now: why not, or null. */
export function approvalRefusal(
  s: ApprovalStatement,
  facts: BatchFacts,
  policy: Policy,
  now: Date,
): Text | null {
  if (s.batch !== facts.batch)
    return {
      en: `it approves batch ${s.batch}, not ${facts.batch}`,
      pt: `ela aprova o lote ${s.batch}, não o ${facts.batch}`,
    };
  if (s.condominium !== facts.condominium)
    return { en: `it approves a batch of ${s.condominium}`, pt: `ela aprova um lote de ${s.condominium}` };
  if (s.sha256 !== facts.sha256)
    return {
      en: 'it approves another file (its SHA-256 differs)',
      pt: 'ela aprova outro arquivo (o SHA-256 difere)',
    };
  if (s.total_cents !== facts.total_cents || s.payments !== facts.payments)
    return {
      en: 'its total or count of payments differs from the batch',
      pt: 'o total ou a quantidade de pagamentos difere do lote',
    };
  if (!(Date.parse(s.expires_at) > now.getTime()))
    return { en: `it expired at ${s.expires_at}`, pt: `ela expirou em ${s.expires_at}` };
  const creator = facts.created_by;
  if (creator && policy.signers[s.signer]?.client_id === creator)
    return {
      en: `${s.signer} created the batch, and nobody approves their own`,
      pt: `${s.signer} criou o lote, e ninguém aprova o próprio`,
    };
  return null;
}

export interface Decision {
  required: number;
  /** The distinct signers whose approvals count. */
  counted: string[];
  /** What is missing, for the refusal; empty when the file may go. */
  missing: Text[];
}

/** What the policy asks of this batch, and whether the approvals that count give it. */
export function decide(
  policy: Policy,
  facts: BatchFacts,
  counted: readonly ApprovalStatement[],
  now: Date,
): Decision {
  const revenue = facts.average_revenue_cents ?? null;
  const byBatch = needed(policy.batch_bands, facts.total_cents, revenue);
  const byPayment = needed(policy.payment_bands, facts.largest_payment_cents, revenue);
  // a new payee, or one whose payment data changed just before: extra approvers, and who they are for
  const flagged: Text[] = [];
  let extra = 0;
  for (const p of facts.payees) {
    if (policy.new_payee && p.new) {
      flagged.push({ en: `${p.name} is a new payee`, pt: `${p.name} é um favorecido novo` });
      extra = Math.max(extra, policy.new_payee.approvals);
    }
    const changed = policy.payment_data_changed;
    if (changed) {
      const at = p.payment_data_changed_at;
      const recent =
        at === undefined ||
        (at !== null && now.getTime() - Date.parse(at) <= changed.within_days * 86_400_000);
      if (recent) {
        flagged.push(
          at === undefined
            ? {
                en: `${p.name}'s payment data may have changed (the server gives no date)`,
                pt: `os dados de pagamento de ${p.name} podem ter mudado (o servidor não dá a data)`,
              }
            : {
                en: `${p.name}'s bank data or PIX key changed on ${at.slice(0, 10)}, within ${changed.within_days} days`,
                pt: `os dados bancários ou a chave PIX de ${p.name} mudaram em ${formatDateBr(at.slice(0, 10))}, dentro de ${changed.within_days} dias`,
              },
        );
        extra = Math.max(extra, changed.approvals);
      }
    }
  }
  const required = Math.max(byBatch, byPayment) + extra;
  const signers = [...new Set(counted.map((s) => s.signer))];
  const missing: Text[] = [];
  if (signers.length < required) {
    const more = required - signers.length;
    const band: Text =
      byBatch >= byPayment
        ? { en: `the batch's total band asks for ${byBatch}`, pt: `a faixa do total do lote pede ${byBatch}` }
        : {
            en: `its largest payment's band asks for ${byPayment}`,
            pt: `a faixa do maior pagamento pede ${byPayment}`,
          };
    const because = (lang: 'en' | 'pt') => flagged.map((f) => f[lang]).join('; ');
    missing.push({
      en: `${more} more approver(s): ${band.en}${extra > 0 ? `, and ${extra} more because ${because('en')}` : ''}, ${signers.length} counted`,
      pt: `mais ${more} aprovador(es): ${band.pt}${extra > 0 ? `, e mais ${extra} porque ${because('pt')}` : ''}, ${signers.length} contada(s)`,
    });
  }
  return { required, counted: signers, missing };
}
