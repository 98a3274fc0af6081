/** `condo agreement …` (#70): an agreement proposed, applied once, listed, shown and checked (app/agreement.ts). */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type AgreementState,
  agreementsOf,
  applyAgreement,
  type Fee,
  type Installment,
  NothingToAgree,
  type Proposal,
  proposeAgreement,
} from '../../app/agreement.js';
import { readCharges } from '../../app/debt-calc.js';
import { parseDecimal } from '../../domain/apportion.js';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import { confirmed } from '../confirm.js';
import type { Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { NO_PROGRESS, writeAtomically } from '../files.js';
import { dateFlag, intFlag, reaisFlag } from '../flags.js';
import { type Column, printJson, printList } from '../output.js';
import { chargesPlaceOf } from '../profile-settings.js';
import { chargesAtHand } from '../tables-at-hand.js';

export interface TermsOptions {
  unit?: string | undefined;
  installments?: string | undefined;
  firstDue?: string | undefined;
  entry?: string | undefined;
  fee?: string | undefined;
  asOf?: string | undefined;
  rules?: string | undefined;
  pdf?: string | undefined;
}

const need = (flag: string, v: string | undefined): string => {
  if (v === undefined || v.trim() === '')
    throw new UsageError({ en: `${flag} is required`, pt: `${flag} é obrigatório` });
  return v;
};

/** `honorarios=10%` or `honorarios=500,00`. */
function feeFlag(text: string): Fee {
  const m = /^([a-zà-ú_][a-zà-ú0-9_ ]{0,30})=(.+)$/i.exec(text.trim());
  const percent = m?.[2]?.endsWith('%') ? parseDecimal(m[2].slice(0, -1).trim()) : undefined;
  if (m && percent && Number(percent.units) / 10 ** percent.scale <= 100)
    return { name: m[1] as string, percent };
  if (m && !m[2]?.endsWith('%')) return { name: m[1] as string, cents: reaisFlag('--fee', m[2] as string) };
  throw new UsageError({
    en: `--fee: "${text}" is not name=percent% or name=amount (honorarios=10%, honorarios=500,00)`,
    pt: `--fee: "${text}" não é nome=percentual% ou nome=valor (honorarios=10%, honorarios=500,00)`,
  });
}

/** The agreement the flags describe, worked out over the server's quotas: nothing is written. */
async function proposalOf(deps: Deps, opts: TermsOptions): Promise<Proposal> {
  const unit = need('--unit', opts.unit);
  const installments = intFlag('--installments', need('--installments', opts.installments), 2, 60);
  const today = deps.today();
  const firstDue = dateFlag('--first-due', need('--first-due', opts.firstDue), today);
  const asOf = opts.asOf ? dateFlag('--as-of', opts.asOf, today) : today;
  const entryCents = opts.entry === undefined ? undefined : reaisFlag('--entry', opts.entry);
  const fee = opts.fee === undefined ? undefined : feeFlag(opts.fee);
  const charges = await chargesAtHand(deps, opts.rules);
  return deps.app(proposeAgreement, {
    unit,
    installments,
    firstDue,
    asOf,
    entryCents,
    fee,
    today,
    ...charges,
  });
}

const partColumns = <T extends { parts: Installment['parts']; total_cents: number }>(): Column<T>[] => [
  { header: 'PRINCIPAL', value: (r) => r.parts.principal, kind: 'figure' },
  { header: { en: 'CORRECTION', pt: 'CORREÇÃO' }, value: (r) => r.parts.correction, kind: 'figure' },
  { header: { en: 'FINE', pt: 'MULTA' }, value: (r) => r.parts.fine, kind: 'figure' },
  { header: { en: 'INTEREST', pt: 'JUROS' }, value: (r) => r.parts.interest, kind: 'figure' },
  { header: { en: 'FEES', pt: 'HONOR.' }, value: (r) => r.parts.fees, kind: 'figure' },
  { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'figure' },
];

/** The proposal on a terminal: the installments, then their sum beside the debt's, column by column. */
async function printProposal(deps: Deps, p: Proposal): Promise<void> {
  if (deps.format === 'json') {
    printJson(deps, p);
    return;
  }
  const sum = { parts: p.columns, total_cents: p.total_cents };
  type Row = { label: string; due: string; parts: Installment['parts']; total_cents: number };
  const rows: Row[] = [
    ...p.installments.map((i) => ({
      label: i.number === 0 ? deps.t({ en: 'entry', pt: 'entrada' }) : String(i.number),
      due: formatDateBr(i.due_date),
      parts: i.parts,
      total_cents: i.total_cents,
    })),
    ...(deps.format === 'table' ? [{ label: 'TOTAL', due: '', ...sum }] : []),
  ];
  await printList<Row>(deps, rows, [
    { header: { en: 'NO.', pt: 'Nº' }, value: (r) => r.label },
    { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (r) => r.due },
    ...partColumns<Row>(),
  ]);
  const fee = p.fee ? `; ${p.fee.name} ${p.fee.basis} = ${formatReais(p.fee.cents)}` : '';
  deps.info(
    {
      en: `agreement ${p.id}, ${p.unit_label}: ${p.debt.quotas.length} quota(s) updated to ${formatDateBr(p.as_of)}, ${formatReais(p.debt.total_cents)}${fee}; in all ${formatReais(p.total_cents)}. Each column adds up to the debt's; the installments differ by at most a cent. Amounts in R$`,
      pt: `acordo ${p.id}, ${p.unit_label}: ${p.debt.quotas.length} cota(s) atualizadas até ${formatDateBr(p.as_of)}, ${formatReais(p.debt.total_cents)}${fee}; ao todo ${formatReais(p.total_cents)}. Cada coluna soma o débito; as parcelas diferem em no máximo um centavo. Valores em R$`,
    },
    true,
  );
  for (const w of p.warnings) deps.warn(w);
}

async function writeAgreementPdf(deps: Deps, p: Proposal, file: string): Promise<void> {
  const { agreementPdf } = await import('../agreement-pdf.js');
  const creds = await deps.credentials();
  const profile = creds.profileName ? (await deps.config()).profile(creds.profileName) : undefined;
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(
    await agreementPdf(p, profile?.condominium_name ?? creds.condominium),
    file,
    NO_PROGRESS,
    true,
    undefined,
    '--pdf',
  );
  deps.info({ en: `agreement written to ${file}`, pt: `acordo gravado em ${file}` }, true);
}

/** The proposal, or nothing to agree on said (exit 0: a re-run of an applied agreement finds its quotas settled). */
async function proposalOrNothing(deps: Deps, opts: TermsOptions): Promise<Proposal | undefined> {
  try {
    return await proposalOf(deps, opts);
  } catch (e) {
    if (!(e instanceof NothingToAgree)) throw e;
    const by = e.agreements.length > 0 ? e.agreements.join(', ') : undefined;
    deps.info(
      by
        ? {
            en: `${e.unit} has nothing late: its quotas are settled by agreement ${by} (${deps.command(`condo agreement show ${e.agreements[0]}`)})`,
            pt: `${e.unit} não tem nada em atraso: as cotas estão quitadas pelo acordo ${by} (${deps.command(`condo agreement show ${e.agreements[0]}`)})`,
          }
        : {
            en: `${e.unit} has nothing late: no agreement to make`,
            pt: `${e.unit} não tem nada em atraso: não há acordo a fazer`,
          },
      true,
    );
    deps.nothingWritten = true;
    return undefined;
  }
}

export async function agreementPropose(deps: Deps, opts: TermsOptions): Promise<number> {
  const p = await proposalOrNothing(deps, opts);
  if (!p) return 0;
  if (opts.pdf) await writeAgreementPdf(deps, p, opts.pdf);
  await printProposal(deps, p);
  return 0;
}

export async function agreementApply(deps: Deps, opts: TermsOptions & { yes?: boolean }): Promise<number> {
  const p = await proposalOrNothing(deps, opts);
  if (!p) return 0;
  // a script reads one document at the end: what was applied, the proposal inside
  if (deps.format !== 'json') await printProposal(deps, p);
  const asked = await confirmed(deps, {
    yes: opts.yes,
    question: {
      en: `Create and issue these ${p.installments.length} installments and settle ${p.debt.quotas.length} quota(s) by agreement ${p.id}?`,
      pt: `Criar e emitir estas ${p.installments.length} parcelas e quitar ${p.debt.quotas.length} cota(s) pelo acordo ${p.id}?`,
    },
    verb: { en: 'apply an agreement', pt: 'aplicar um acordo' },
    past: { en: 'created', pt: 'criado' },
  });
  if (!asked) return ExitCode.refused;
  const done = await deps.app(applyAgreement, p);
  if (opts.pdf) await writeAgreementPdf(deps, p, opts.pdf);
  const created = done.invoices.filter((i) => i.created).length;
  if (deps.format === 'json') printJson(deps, { ...done, proposal: p });
  deps.info({
    en: `agreement ${done.id}: ${created} installment(s) created, ${done.invoices.length - created} already there; ${done.renegotiated.length} quota(s) settled (renegotiated)`,
    pt: `acordo ${done.id}: ${created} parcela(s) criada(s), ${done.invoices.length - created} já existiam; ${done.renegotiated.length} cota(s) quitada(s) (renegociadas)`,
  });
  if (done.not_recorded.length > 0) {
    deps.warn({
      en: `the server has no renegotiated state (a server without condo's extension): ${done.not_recorded.length} quota(s) still read as late there (${done.not_recorded.join(', ')}); the installments' notes name them`,
      pt: `o servidor não tem o estado renegociada (um servidor sem a extensão do condo): ${done.not_recorded.length} cota(s) ainda aparecem em atraso lá (${done.not_recorded.join(', ')}); as notas das parcelas as nomeiam`,
    });
    return ExitCode.attention;
  }
  return 0;
}

const stateColumns = (deps: Deps): Column<AgreementState>[] => [
  { header: { en: 'AGREEMENT', pt: 'ACORDO' }, value: (r) => r.id },
  { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit_label },
  {
    header: { en: 'PAID', pt: 'PAGAS' },
    value: (r) => `${r.installments.filter((i) => i.state === 'paid').length}/${r.installments.length}`,
  },
  { header: { en: 'OPEN', pt: 'EM ABERTO' }, value: (r) => r.open_cents, kind: 'cents' },
  {
    header: { en: 'LATE', pt: 'ATRASO' },
    value: (r) => {
      const late = Math.max(0, ...r.installments.map((i) => i.days_late));
      return late === 0 ? '' : deps.t({ en: `${late} days`, pt: `${late} dias` });
    },
  },
];

export async function agreementList(deps: Deps, opts: { unit?: string | undefined }): Promise<number> {
  const all = await deps.app(agreementsOf, deps.today(), opts.unit);
  await printList(deps, all, stateColumns(deps));
  return 0;
}

/** The days late that break an agreement: --late-days, else the charges file's acordo clause, else 30. */
async function breakDaysOf(deps: Deps, opts: { lateDays?: string | undefined; rules?: string | undefined }) {
  if (opts.lateDays !== undefined)
    return { days: intFlag('--late-days', opts.lateDays, 1, 999), from: '--late-days' };
  const path = await chargesPlaceOf(deps, opts.rules);
  const read = await readCharges(path).catch(() => undefined);
  const clause = read?.rules.agreement;
  return clause ? { days: clause.breakDays, from: clause.source } : { days: 30, from: 'condo (30 dias)' };
}

export async function agreementCheck(
  deps: Deps,
  opts: { lateDays?: string | undefined; rules?: string | undefined },
): Promise<number> {
  const { days, from } = await breakDaysOf(deps, opts);
  const all = await deps.app(agreementsOf, deps.today());
  const broken = all.filter((a) => a.installments.some((i) => i.days_late >= days));
  if (deps.format === 'json')
    printJson(deps, { late_days: days, from, agreements: all.length, broken: broken.map((b) => b.id) });
  else if (broken.length > 0) await printList(deps, broken, stateColumns(deps));
  for (const b of broken) {
    const late = b.installments.filter((i) => i.days_late >= days);
    deps.warn({
      en: `agreement ${b.id}: installment ${late.map((i) => `${i.number}/${i.count}`).join(', ')} ${late[0]?.days_late} days late (${days} break it: ${from}); see ${deps.command(`condo agreement show ${b.id}`)}`,
      pt: `acordo ${b.id}: parcela ${late.map((i) => `${i.number}/${i.count}`).join(', ')} com ${late[0]?.days_late} dias de atraso (${days} o rompem: ${from}); veja ${deps.command(`condo agreement show ${b.id}`)}`,
    });
  }
  if (broken.length === 0)
    deps.info({
      en: `${all.length} agreement(s), none ${days} days late`,
      pt: `${all.length} acordo(s), nenhum com ${days} dias de atraso`,
    });
  return broken.length > 0 ? ExitCode.attention : 0;
}

export async function agreementShow(
  deps: Deps,
  id: string,
  opts: { rules?: string | undefined },
): Promise<number> {
  const all = await deps.app(agreementsOf, deps.today());
  const a = all.find((x) => x.id === id.trim());
  if (!a)
    throw new UsageError({
      en: `no agreement ${id} among the server's invoices (condo agreement list)`,
      pt: `nenhum acordo ${id} nas cobranças do servidor (condo agreement list)`,
    });
  const { days, from } = await breakDaysOf(deps, opts);
  const broken = a.installments.some((i) => i.days_late >= days);
  if (deps.format === 'json') {
    printJson(deps, { ...a, late_days: days, broken });
    return broken ? ExitCode.attention : 0;
  }
  type Row = AgreementState['installments'][number];
  await printList<Row>(
    deps,
    [...a.installments],
    [
      { header: { en: 'NO.', pt: 'Nº' }, value: (r) => `${r.number}/${r.count}` },
      { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (r) => r.due_date, kind: 'date' },
      { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents' },
      { header: { en: 'STATE', pt: 'ESTADO' }, value: (r) => r.state, words: true },
      { header: { en: 'PAID', pt: 'PAGA EM' }, value: (r) => r.paid_at, kind: 'date' },
      { header: { en: 'LATE', pt: 'ATRASO' }, value: (r) => (r.days_late > 0 ? r.days_late : '') },
      { header: { en: 'INVOICE', pt: 'COBRANÇA' }, value: (r) => r.invoice, drop: 1, fixed: true },
    ],
  );
  deps.info(
    {
      en: `settles ${a.settled.length} quota(s): ${a.settled.join(', ')}`,
      pt: `quita ${a.settled.length} cota(s): ${a.settled.join(', ')}`,
    },
    true,
  );
  deps.info(
    {
      en: `broken when an installment is ${days} days late (${from}). Then the installments not paid return to collection: their principal bears the charges of their own due dates, the fine once, never a fine on the fine or on the agreement's charges`,
      pt: `rompe-se quando uma parcela passa de ${days} dias de atraso (${from}). Então as parcelas não pagas voltam à cobrança: o principal delas com os encargos das próprias datas de vencimento, a multa uma vez, nunca multa sobre multa nem sobre os encargos do acordo`,
    },
    true,
  );
  if (broken)
    deps.warn({
      en: `agreement ${a.id} is broken: an installment is ${Math.max(...a.installments.map((i) => i.days_late))} days late`,
      pt: `o acordo ${a.id} está rompido: uma parcela está com ${Math.max(...a.installments.map((i) => i.days_late))} dias de atraso`,
    });
  return broken ? ExitCode.attention : 0;
}
