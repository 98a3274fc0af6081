/**
 * What a condominium, as the taker, withholds from a service invoice (#55), by the rules file: each tax on its base,
 * rounded half-up to the cent, and why each rule applied or not; then what differs from what the invoice
 * declares. Pure: the firm's policy comes in as an option.
 */

import type { Message } from '../message.js';
import { nfseFinding } from './findings.js';
import { type NfseInvoice, WITHHELD_TAXES, type WithheldTax, type Withholdings } from './invoice.js';
import { NFSE_RULES, type WithholdingRule } from './rules.js';

export interface WithholdingPolicy {
  /** the firm withholds IRRF where the rule needs a company as payer (off by default) */
  withholdIrrf?: boolean;
}

/** One rule, applied or not, with its reason and source: `nfse check --explain`. */
export interface Explanation {
  rule: string;
  tax: string;
  applied: boolean;
  reason: Message;
  citation: string;
}

export interface Divergence {
  tax: WithheldTax;
  declared_cents: number;
  computed_cents: number;
  rule: string | null;
  reason: Message;
}

export interface WithholdingReview {
  base_cents: number;
  computed: Withholdings;
  divergences: Divergence[];
  explanations: Explanation[];
  /** what a person should know that is not a divergence: a DPS, an IRRF the policy does not withhold, the MEI's CPP */
  notes: Message[];
}

/** `cents × bp / 10000`, half-up (every amount here is positive). */
export const ofRate = (cents: number, bp: number): number => Math.floor((cents * bp + 5000) / 10000);

const inForce = (rule: { valid_from: string; valid_to: string | null }, date: string) =>
  date >= rule.valid_from && (rule.valid_to === null || date <= rule.valid_to);

const covers = (services: readonly string[], item: string | null) =>
  services.includes('*') || (item !== null && services.includes(item));

/** A rule covers an invoice by its national code where the rule lists it, else by its LC 116 item. */
const ruleCovers = (rule: WithholdingRule, invoice: NfseInvoice) =>
  (invoice.service.code !== null && rule.services.ctribnac.includes(invoice.service.code)) ||
  covers(rule.services.lc116, invoice.service.item);

/** The taxes a rule sets, by name in Withholdings. */
const RULE_TAXES: Record<WithholdingRule['tax'], WithheldTax[]> = {
  inss: ['inss'],
  pcc: ['pis', 'cofins', 'csll'],
  irrf: ['irrf'],
  iss: ['iss'],
};

export function reviewWithholdings(invoice: NfseInvoice, policy: WithholdingPolicy = {}): WithholdingReview {
  const base = Math.max(0, invoice.service_value_cents - invoice.unconditional_discount_cents);
  // INSS's and ISS's base: less the materials and equipment the invoice states (IN RFB 2.110/2022)
  const inssBase = Math.max(0, base - invoice.materials_cents);
  const item = invoice.service.item;
  const date = invoice.issue_date ?? invoice.competence ?? '';
  const computed: Record<WithheldTax, number> = { inss: 0, irrf: 0, pis: 0, cofins: 0, csll: 0, iss: 0 };
  const ruleOf: Partial<Record<WithheldTax, WithholdingRule>> = {};
  const explanations: Explanation[] = [];
  const notes: Message[] = [];
  const regime = invoice.provider.regime;
  if (regime === 'unknown') notes.push(nfseFinding('nfse.regime-unknown', {}));
  if (invoice.kind === 'dps') notes.push(nfseFinding('nfse.dps', {}));
  // an IRRF declared against the firm's policy is the policy's, not a divergence
  let irrfByPolicy = false;

  for (const rule of NFSE_RULES.rules) {
    const explain = (applied: boolean, reason: Message) => {
      explanations.push({ rule: rule.id, tax: rule.tax, applied, reason, citation: rule.citation });
      if (applied) for (const t of RULE_TAXES[rule.tax]) ruleOf[t] = rule;
    };
    if (!ruleCovers(rule, invoice)) {
      // a rule for other services says nothing about this one, unless the invoice names no service at all
      if (item === null) explain(false, nfseFinding('nfse.no-service-item', { tax: rule.tax }));
      continue;
    }
    if (date && !inForce(rule, date)) {
      explain(false, nfseFinding('nfse.not-valid', { tax: rule.tax, date }));
      continue;
    }
    if (rule.follows === 'invoice_flag') {
      // ISS's base leaves out the deductions too (national vDR, ABRASF ValorDeducoes)
      explainIss(invoice, inssBase, computed, explain);
      continue;
    }
    const notFrom = rule.not_from ?? [];
    if (regime === 'mei' && notFrom.includes('mei')) {
      explain(false, nfseFinding('nfse.not-from-mei', { tax: rule.tax }));
      continue;
    }
    if (regime === 'simples' || regime === 'mei') {
      if (notFrom.includes('simples')) {
        explain(false, nfseFinding('nfse.not-from-simples', { tax: rule.tax }));
        continue;
      }
      if (notFrom.includes('simples_except_anexo_iv')) {
        if (!covers(NFSE_RULES.simples_anexo_iv.services, item)) {
          explain(false, nfseFinding('nfse.not-from-simples', { tax: rule.tax }));
          continue;
        }
        notes.push(nfseFinding('nfse.simples-anexo-iv', { item: item ?? '?' }));
      }
    }
    if (rule.policy === 'withhold_irrf' && !policy.withholdIrrf) {
      irrfByPolicy = invoice.declared.irrf_cents > 0;
      const reason = nfseFinding('nfse.irrf-policy-off', { declared: invoice.declared.irrf_cents });
      explain(false, reason);
      if (irrfByPolicy) notes.push(reason);
      continue;
    }
    if (rule.tax === 'pcc' && rule.parts_bp) {
      const parts = {
        pis: ofRate(base, rule.parts_bp.pis),
        cofins: ofRate(base, rule.parts_bp.cofins),
        csll: ofRate(base, rule.parts_bp.csll),
      };
      const sum = parts.pis + parts.cofins + parts.csll;
      if (rule.minimum_cents !== undefined && sum < rule.minimum_cents) {
        explain(false, nfseFinding('nfse.below-minimum', { tax: 'pcc', amount: sum }));
        continue;
      }
      Object.assign(computed, parts);
      explain(true, nfseFinding('nfse.applied-pcc', { ...parts, base }));
      continue;
    }
    const ruleBase = rule.base === 'service_minus_discount_minus_materials' ? inssBase : base;
    const rate = rule.rate_bp ?? 0;
    if (rule.only_under === 'cessao') {
      // the invoice cannot show the contract: a provider that declares INSS says it is a cessão
      const declared = invoice.declared.inss_cents;
      if (declared === 0) {
        explain(false, nfseFinding('nfse.only-under-cessao', { item: item ?? '?', declared }));
        continue;
      }
    }
    let amount = ofRate(ruleBase, rate);
    if (rule.minimum_cents !== undefined && amount < rule.minimum_cents) {
      explain(false, nfseFinding('nfse.below-minimum', { tax: rule.tax, amount }));
      continue;
    }
    if (rule.only_under === 'cessao') {
      computed.inss = amount;
      explain(
        true,
        nfseFinding('nfse.only-under-cessao', { item: item ?? '?', declared: invoice.declared.inss_cents }),
      );
      continue;
    }
    if (rule.tax === 'inss') {
      const cprb = ofRate(ruleBase, NFSE_RULES.cprb.rate_bp);
      if (invoice.declared.inss_cents === cprb && cprb !== amount) {
        amount = cprb;
        notes.push(nfseFinding('nfse.cprb', { declared: cprb }));
      }
    }
    computed[rule.tax as 'inss' | 'irrf'] = amount;
    explain(true, nfseFinding('nfse.applied', { tax: rule.tax, rate_bp: rate, base: ruleBase, amount }));
  }
  if (regime === 'mei' && covers(NFSE_RULES.mei_cpp.services, item))
    notes.push(
      nfseFinding('nfse.mei-cpp', {
        item: item ?? '?',
        amount: ofRate(inssBase, NFSE_RULES.mei_cpp.rate_bp),
      }),
    );

  const withheld = WITHHELD_TAXES.reduce((sum, tax) => sum + computed[tax], 0);
  // the conditional discount is the invoice's, not a withholding: the net leaves it out as the invoice does
  const net =
    invoice.service_value_cents -
    invoice.unconditional_discount_cents -
    invoice.conditional_discount_cents -
    withheld;
  const divergences = divergencesOf(invoice, computed, ruleOf, irrfByPolicy);
  return {
    base_cents: base,
    computed: {
      inss_cents: computed.inss,
      irrf_cents: computed.irrf,
      pis_cents: computed.pis,
      cofins_cents: computed.cofins,
      csll_cents: computed.csll,
      iss_cents: computed.iss,
      net_cents: net,
    },
    divergences,
    explanations,
    notes,
  };
}

/** What the invoice declares otherwise than the rules give, tax by tax (an IRRF the policy does not withhold aside). */
function divergencesOf(
  invoice: NfseInvoice,
  computed: Record<WithheldTax, number>,
  ruleOf: Partial<Record<WithheldTax, WithholdingRule>>,
  irrfByPolicy: boolean,
): Divergence[] {
  const divergences: Divergence[] = [];
  for (const tax of WITHHELD_TAXES) {
    const declared = invoice.declared[`${tax}_cents`];
    if (declared === computed[tax] || (tax === 'irrf' && irrfByPolicy)) continue;
    divergences.push({
      tax,
      declared_cents: declared,
      computed_cents: computed[tax],
      rule: ruleOf[tax]?.id ?? null,
      reason: nfseFinding('nfse.differs', { tax, declared, computed: computed[tax] }),
    });
  }
  return divergences;
}

/** ISS follows the invoice's own flag: the municipality decides, and the invoice says what it decided. */
function explainIss(
  invoice: NfseInvoice,
  base: number,
  computed: Record<WithheldTax, number>,
  explain: (applied: boolean, reason: Message) => void,
): void {
  if (invoice.iss_withheld === false) {
    explain(false, nfseFinding('nfse.iss-not-withheld', {}));
    return;
  }
  if (invoice.iss_withheld === null) {
    computed.iss = invoice.declared.iss_cents;
    explain(computed.iss > 0, nfseFinding('nfse.iss-unknown', {}));
    return;
  }
  computed.iss =
    invoice.iss_rate_bp !== null ? ofRate(base, invoice.iss_rate_bp) : invoice.declared.iss_cents;
  explain(true, nfseFinding('nfse.iss-withheld', { amount: computed.iss }));
}
