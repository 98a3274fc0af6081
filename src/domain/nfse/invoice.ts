/**
 * A service invoice (NFS-e) as condo reads it, whatever its layout (#55): the national standard's NFS-e or a
 * bare DPS, or an ABRASF one. Money in cents; a value the file does not state is null, never 0, so "not
 * declared" and "declared as nothing" stay apart.
 */

import type { IsoDate } from '../dates.js';

/** `paulistana`: the Prefeitura de São Paulo's own layout (its web service's `NFe`), before the national one. */
export type NfseKind = 'nfse' | 'dps' | 'abrasf' | 'paulistana';

/** An invoice's identity where it has no national key: its provider's CPF/CNPJ and its number. */
export const invoiceIdentity = (providerDocument: string | null, number: string | null) =>
  `${providerDocument ?? '?'}/${number ?? '?'}`;

/** What the provider's tax regime says (national opSimpNac, ABRASF OptanteSimplesNacional). */
export type ProviderRegime = 'normal' | 'simples' | 'mei' | 'unknown';

/** The withholdings a file declares or condo computes, in cents. */
export interface Withholdings {
  inss_cents: number;
  irrf_cents: number;
  pis_cents: number;
  cofins_cents: number;
  csll_cents: number;
  iss_cents: number;
  net_cents: number;
}

export const WITHHELD_TAXES = ['inss', 'irrf', 'pis', 'cofins', 'csll', 'iss'] as const;
export type WithheldTax = (typeof WITHHELD_TAXES)[number];

/** Everything withheld, in cents. */
export const withheldCents = (w: Withholdings): number =>
  WITHHELD_TAXES.reduce((sum, tax) => sum + w[`${tax}_cents`], 0);

/** The guides a tax is paid by: INSS, PIS/COFINS/CSLL together (one DARF code), IRRF, ISS. */
export type TaxGuide = 'inss' | 'pcc' | 'irrf' | 'iss';

/** What each guide gets of these withholdings, only those above nothing. */
export function withheldByGuide(w: Withholdings): Partial<Record<TaxGuide, number>> {
  const by: Record<TaxGuide, number> = {
    inss: w.inss_cents,
    pcc: w.pis_cents + w.cofins_cents + w.csll_cents,
    irrf: w.irrf_cents,
    iss: w.iss_cents,
  };
  return Object.fromEntries(Object.entries(by).filter(([, cents]) => cents > 0));
}

export interface NfseInvoice {
  kind: NfseKind;
  /** The national standard's 50-digit key (infNFSe Id without "NFS"); null for a DPS or an ABRASF invoice. */
  access_key: string | null;
  number: string | null;
  /** ABRASF's verification code: with the provider and the number, what names an invoice that has no key. */
  verification_code: string | null;
  issue_date: IsoDate | null;
  competence: IsoDate | null;
  provider: {
    document: string | null;
    name: string | null;
    regime: ProviderRegime;
    /** national regApTribSN (1 to 3) or ABRASF RegimeEspecialTributacao, as written */
    regime_detail: string | null;
  };
  taker: { document: string | null; name: string | null };
  service: {
    /** national cTribNac (6 digits), else null */
    code: string | null;
    /** the LC 116/2003 item, as 7.10 */
    item: string | null;
    description: string | null;
  };
  service_value_cents: number;
  unconditional_discount_cents: number;
  /** a discount on a condition (early payment): the net leaves it out, the taxes' base keeps it */
  conditional_discount_cents: number;
  /** materials and equipment the invoice deducts (national vDR, ABRASF ValorDeducoes): INSS's base leaves them out */
  materials_cents: number;
  /** the ISS rate the invoice applies, in hundredths of a percent (2% = 200), when stated */
  iss_rate_bp: number | null;
  /** the taker withholds the ISS (tpRetISSQN 2, IssRetido 1); null when the file does not say */
  iss_withheld: boolean | null;
  /** What the invoice declares withheld; net_cents its net (vLiq, ValorLiquidoNfse), else worked out. */
  declared: Withholdings;
  /** The national IBS/CBS groups (LC 214/2025), kept as read. */
  ibs_cbs: unknown;
}
