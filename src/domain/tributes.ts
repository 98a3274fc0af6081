import { parseBoletoCode } from './boleto/index.js';
import { formatDocument, isValidDocument } from './documents.js';

/**
 * A tax guide as a payable (a condo sandbox extension, `tribute` on a boleto payable): a DARF or a GPS paid by its
 * data (no barcode), written as segment N; or an FGTS guide, whose barcode is in document_number and which Itaú
 * wants in segment N with the guide's data (every other bank takes it by barcode, in segment O). A guide with a
 * barcode of any other kind (DARF numerado, GPS, DAS, ISS) needs no `tribute`: it is paid as a utility bill.
 *
 * The payable's amounts are the guide's: amount is the principal (for a GPS, INSS and other entities together),
 * fine_amount and interest_amount its multa and juros (a GPS's atualização monetária); a guide has no discount.
 */
export const TRIBUTE_KINDS = ['darf', 'gps', 'fgts'] as const;
export type TributeKindName = (typeof TRIBUTE_KINDS)[number];

export interface PayableTribute {
  kind: TributeKindName;
  /** Código da receita (DARF), de pagamento (GPS) or de recolhimento (FGTS): 4 digits. */
  revenue_code: string;
  /** The contributor's CPF or CNPJ (digits); null: the condominium's. */
  contributor_document?: string | null;
  /** DARF: período de apuração, YYYY-MM-DD; GPS: competência, YYYY-MM. */
  period?: string | null;
  /** DARF: número de referência, up to 17 digits. */
  reference?: string | null;
  /** GPS: the part of amount due to other entities, in cents. */
  other_entities_amount?: number | null;
  /** FGTS: the guide's identifier, up to 16 digits. */
  fgts_identifier?: string | null;
}

export interface TributeFacts {
  forma_pagamento?: string | null | undefined;
  document_number?: string | null | undefined;
  amount?: number | null | undefined;
  discount_amount?: number | null | undefined;
  tribute?: PayableTribute | null | undefined;
}

const PERIOD: Record<TributeKindName, RegExp | null> = {
  darf: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  gps: /^\d{4}-(0[1-9]|1[0-2])$/,
  fgts: null,
};

/**
 * What is wrong with a payable's tax guide, by field (`tribute.period`...): the sandbox's 422 and the CLI's exit 2
 * before sending. Empty when the payable has no tribute, or a right one.
 */
export function tributeProblems(p: TributeFacts): Record<string, string[]> {
  const t = p.tribute;
  if (!t) return {};
  const problems: Record<string, string[]> = {};
  const say = (field: string, message: string) => {
    problems[field] = [...(problems[field] ?? []), message];
  };
  if (p.forma_pagamento !== 'boleto') say('forma_pagamento', 'must be boleto for a tax guide (tribute)');
  if (!(TRIBUTE_KINDS as readonly string[]).includes(t.kind))
    say('tribute.kind', `must be darf, gps or fgts, got "${t.kind}"`);
  if (!/^\d{4}$/.test(t.revenue_code ?? '')) say('tribute.revenue_code', 'must be 4 digits');
  const doc = t.contributor_document ?? '';
  if (doc !== '' && !isValidDocument(doc))
    say('tribute.contributor_document', `"${doc}" is not a valid CPF or CNPJ`);
  const period = PERIOD[t.kind];
  if (period && !period.test(t.period ?? ''))
    say(
      'tribute.period',
      t.kind === 'darf'
        ? 'a DARF needs its período de apuração, YYYY-MM-DD'
        : 'a GPS needs its competência, YYYY-MM',
    );
  if (t.kind !== 'gps' && t.other_entities_amount)
    say('tribute.other_entities_amount', 'only a GPS has other entities');
  if (t.other_entities_amount && p.amount != null && t.other_entities_amount >= p.amount)
    say('tribute.other_entities_amount', 'must be less than amount (the INSS part is the rest)');
  if (t.kind !== 'darf' && t.reference) say('tribute.reference', 'only a DARF has a número de referência');
  if (t.kind !== 'fgts' && t.fgts_identifier) say('tribute.fgts_identifier', 'only an FGTS guide has one');
  if (p.discount_amount) say('discount_amount', 'a tax guide has no discount');
  const document = (p.document_number ?? '').trim();
  if (t.kind === 'fgts') {
    const parsed = parseBoletoCode(document);
    if (!parsed.ok || parsed.kind !== 'arrecadacao')
      say('document_number', "an FGTS guide's barcode or linha (48 digits, starting with 8) is required");
  } else if (document !== '') {
    say(
      'document_number',
      `must be empty for a ${t.kind.toUpperCase()} paid by its data; a guide with a barcode is paid by it, without tribute`,
    );
  }
  return problems;
}

/** A guide in one line, as `payables show` and `cnab inspect` print it: `DARF 1708 · CNPJ 11.222.333/0001-81 · 31/10/2026`. */
export function describeTribute(t: {
  kind: string | null;
  code?: string;
  revenue_code?: string | null;
  contributor_document?: string | null;
  period?: string | null;
}): string {
  const name = t.kind ? t.kind.toUpperCase() : `tributo ${t.code ?? ''}`.trim();
  const doc = t.contributor_document ?? '';
  const period = t.period ?? '';
  return [
    `${name} ${t.revenue_code ?? ''}`.trim(),
    doc ? `${doc.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(doc)}` : '',
    /^\d{4}-\d{2}-\d{2}$/.test(period)
      ? `${period.slice(8)}/${period.slice(5, 7)}/${period.slice(0, 4)}`
      : /^\d{4}-\d{2}$/.test(period)
        ? `${period.slice(5)}/${period.slice(0, 4)}`
        : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
