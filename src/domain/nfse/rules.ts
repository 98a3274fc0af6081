/**
 * The withholding rules as data (#55): src/domain/nfse/withholding-rules.json, versioned with the code, each rule
 * with its validity, the services it covers (LC 116/2003 items) and its legal source. This module only gives the
 * file its types; what the rules mean is withholding.ts and deadlines.ts.
 */

import RULES_FILE from './withholding-rules.json' with { type: 'json' };

/** A provider the rule does not withhold from. */
export type NotFrom = 'mei' | 'simples' | 'simples_except_anexo_iv';

export interface WithholdingRule {
  id: string;
  tax: 'inss' | 'pcc' | 'irrf' | 'iss';
  /** hundredths of a percent: 1100 = 11% */
  rate_bp?: number;
  /** PIS/COFINS/CSLL, withheld together, each at its own rate */
  parts_bp?: { pis: number; cofins: number; csll: number };
  valid_from: string;
  valid_to: string | null;
  /**
   * The services it covers: LC 116 items ("7.10"; "*" is every service), and the national codes (cTribNac) a
   * condominium's invoices carry for them ("071002").
   */
  services: { lc116: string[]; ctribnac: string[] };
  base: 'service_minus_discount' | 'service_minus_discount_minus_materials';
  not_from?: NotFrom[];
  /** the withholding is dispensed below this many cents (for PIS/COFINS/CSLL, of the three together) */
  minimum_cents?: number;
  /** withheld only when the firm's policy says so (config set --firm nfse.withhold_irrf yes) */
  policy?: 'withhold_irrf';
  /** withheld only under a contract the invoice does not show */
  only_under?: 'cessao';
  /** the invoice's own flag decides (ISS) */
  follows?: 'invoice_flag';
  citation: string;
}

export interface DueRule {
  id: string;
  tax: 'inss' | 'pcc' | 'irrf';
  month_after: 'issue' | 'payment';
  day: number | 'second_decendio_last_business_day';
  not_business_day: 'earlier' | 'later';
  citation: string;
}

export interface ObligationRule {
  id: string;
  name: string;
  month_of: 'issue' | 'payment';
  taxes: string[];
  /** a day of the month, or its last business day (DCTFWeb) */
  day: number | 'last_business_day';
  not_business_day: 'earlier' | 'later';
  citation: string;
}

export interface RulesFile {
  version: string;
  rules: WithholdingRule[];
  simples_anexo_iv: { services: string[]; citation: string };
  cprb: { rate_bp: number; citation: string };
  mei_cpp: { rate_bp: number; services: string[]; citation: string };
  due: DueRule[];
  obligations: ObligationRule[];
}

export const NFSE_RULES = RULES_FILE as RulesFile;
