/**
 * What condo says about a service invoice's withholdings (#55), by code, in English and Portuguese: why each rule
 * applied or not (`nfse check --explain`), and what differs from what the invoice declares.
 */

import { type Message, messageOf, type ParamsOf, said } from '../message.js';
import { formatReais } from '../money.js';

/** A rate in hundredths of a percent, as each language writes it: 0.65% and 0,65%. */
const percent = (bp: number, pt: boolean) => {
  const text = `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  return pt ? text.replace('.', ',') : text;
};
const TAX_NAMES: Record<string, string> = {
  inss: 'INSS',
  irrf: 'IRRF',
  pis: 'PIS',
  cofins: 'COFINS',
  csll: 'CSLL',
  pcc: 'PIS/COFINS/CSLL',
  iss: 'ISS',
};
/** A tax or a guide by the name a person knows it: INSS, PIS/COFINS/CSLL. */
export const taxName = (t: string) => TAX_NAMES[t] ?? t;
const tax = taxName;

export const NFSE_FINDINGS = {
  'nfse.applied': said(
    (p: { tax: string; rate_bp: number; base: number; amount: number }) =>
      `${tax(p.tax)} ${percent(p.rate_bp, false)} of ${formatReais(p.base)}: ${formatReais(p.amount)}`,
    (p) => `${tax(p.tax)} ${percent(p.rate_bp, true)} de ${formatReais(p.base)}: ${formatReais(p.amount)}`,
  ),
  'nfse.applied-pcc': said(
    (p: { pis: number; cofins: number; csll: number; base: number }) =>
      `PIS 0.65%, COFINS 3% and CSLL 1% of ${formatReais(p.base)}: ${formatReais(p.pis)}, ${formatReais(p.cofins)}, ${formatReais(p.csll)}`,
    (p) =>
      `PIS 0,65%, COFINS 3% e CSLL 1% de ${formatReais(p.base)}: ${formatReais(p.pis)}, ${formatReais(p.cofins)}, ${formatReais(p.csll)}`,
  ),
  'nfse.service-not-listed': said(
    (p: { tax: string; item: string }) => `${tax(p.tax)}: service ${p.item} is not one it covers`,
    (p) => `${tax(p.tax)}: o serviço ${p.item} não é dos que ela alcança`,
  ),
  'nfse.no-service-item': said(
    (p: { tax: string }) => `${tax(p.tax)}: the invoice names no service code to match`,
    (p) => `${tax(p.tax)}: a nota não traz código de serviço para comparar`,
  ),
  'nfse.not-valid': said(
    (p: { tax: string; date: string }) => `${tax(p.tax)}: the rule is not in force on ${p.date}`,
    (p) => `${tax(p.tax)}: a regra não vigora em ${p.date}`,
  ),
  'nfse.not-from-mei': said(
    (p: { tax: string }) => `${tax(p.tax)}: not withheld from an MEI`,
    (p) => `${tax(p.tax)}: não se retém de MEI`,
  ),
  'nfse.not-from-simples': said(
    (p: { tax: string }) => `${tax(p.tax)}: not withheld from a Simples Nacional provider`,
    (p) => `${tax(p.tax)}: não se retém de optante do Simples Nacional`,
  ),
  'nfse.simples-anexo-iv': said(
    (p: { item: string }) =>
      `INSS: a Simples Nacional provider of service ${p.item}, taxed under Anexo IV (inferred from the service code; the invoice does not say the Anexo): withheld`,
    (p) =>
      `INSS: optante do Simples no serviço ${p.item}, tributado pelo Anexo IV (deduzido do código do serviço; a nota não diz o Anexo): retido`,
  ),
  'nfse.only-under-cessao': said(
    (p: { item: string; declared: number }) =>
      p.declared > 0
        ? `INSS: service ${p.item} is withheld only under cessão de mão de obra; the invoice declares ${formatReais(p.declared)}, taken as a cessão`
        : `INSS: service ${p.item} is withheld only under cessão de mão de obra; the invoice declares none, taken as no cessão`,
    (p) =>
      p.declared > 0
        ? `INSS: o serviço ${p.item} só tem retenção sob cessão de mão de obra; a nota declara ${formatReais(p.declared)}, tomado como cessão`
        : `INSS: o serviço ${p.item} só tem retenção sob cessão de mão de obra; a nota não declara nada, tomado como sem cessão`,
  ),
  'nfse.below-minimum': said(
    (p: { tax: string; amount: number }) =>
      `${tax(p.tax)}: ${formatReais(p.amount)} is R$ 10,00 or less: not withheld`,
    (p) => `${tax(p.tax)}: ${formatReais(p.amount)} é R$ 10,00 ou menos: retenção dispensada`,
  ),
  'nfse.irrf-policy-off': said(
    (p: { declared: number }) =>
      p.declared > 0
        ? `IRRF: the invoice declares ${formatReais(p.declared)}, but the firm's policy is not to withhold it (a condominium is not a company; condo config set --firm nfse.withhold_irrf yes changes it)`
        : `IRRF: not withheld by the firm's policy (a condominium is not a company; condo config set --firm nfse.withhold_irrf yes changes it)`,
    (p) =>
      p.declared > 0
        ? `IRRF: a nota declara ${formatReais(p.declared)}, mas a política da administradora é não reter (condomínio não é pessoa jurídica; condo config set --firm nfse.withhold_irrf yes muda isso)`
        : `IRRF: não retido pela política da administradora (condomínio não é pessoa jurídica; condo config set --firm nfse.withhold_irrf yes muda isso)`,
  ),
  'nfse.cprb': said(
    (p: { declared: number }) =>
      `INSS: the invoice declares ${formatReais(p.declared)}, 3.5% of the base: a provider on CPRB; uncertain since its phase-out began (Lei 14.973/2024), taken as declared`,
    (p) =>
      `INSS: a nota declara ${formatReais(p.declared)}, 3,5% da base: prestador na CPRB; incerto desde a reoneração (Lei 14.973/2024), aceito como declarado`,
  ),
  'nfse.iss-withheld': said(
    (p: { amount: number }) => `ISS: the invoice says the taker withholds it: ${formatReais(p.amount)}`,
    (p) => `ISS: a nota diz que o tomador retém: ${formatReais(p.amount)}`,
  ),
  'nfse.iss-not-withheld': said(
    () => 'ISS: the invoice says the provider pays it: nothing withheld',
    () => 'ISS: a nota diz que o prestador recolhe: nada retido',
  ),
  'nfse.iss-unknown': said(
    () =>
      "ISS: the invoice does not say who withholds it; the municipality decides, and condo takes the invoice's figure",
    () => 'ISS: a nota não diz quem retém; quem decide é o município, e o condo usa o valor da nota',
  ),
  'nfse.mei-cpp': said(
    (p: { item: string; amount: number }) =>
      `reminder: for service ${p.item} of an MEI the condominium owes the 20% CPP itself (${formatReais(p.amount)}), declared in eSocial/DCTFWeb; nothing is withheld`,
    (p) =>
      `lembrete: no serviço ${p.item} de MEI o condomínio deve a CPP de 20% (${formatReais(p.amount)}), declarada no eSocial/DCTFWeb; nada é retido`,
  ),
  'nfse.regime-unknown': said(
    () => "the invoice does not say the provider's tax regime: taken as outside Simples Nacional",
    () => 'a nota não diz o regime do prestador: tomado como fora do Simples Nacional',
  ),
  'nfse.dps': said(
    () => 'a DPS, not yet an authorised NFS-e: check the authorised invoice before paying',
    () => 'uma DPS, ainda não é NFS-e autorizada: confira a nota autorizada antes de pagar',
  ),
  'nfse.differs': said(
    (p: { tax: string; declared: number; computed: number }) =>
      `${tax(p.tax)}: the invoice declares ${formatReais(p.declared)}, the rules give ${formatReais(p.computed)}`,
    (p) =>
      `${tax(p.tax)}: a nota declara ${formatReais(p.declared)}, as regras dão ${formatReais(p.computed)}`,
  ),
} as const;

export type NfseFindingCode = keyof typeof NFSE_FINDINGS;

export const nfseFinding = <K extends NfseFindingCode>(
  code: K,
  params: ParamsOf<(typeof NFSE_FINDINGS)[K]>,
): Message => messageOf(NFSE_FINDINGS, code, params);
