/** The columns a CNAB file's items are listed in (`cnab inspect`): payments, a DDA file's boletos, a collection's titles. */

import { describeTribute } from '../domain/tributes.js';
import { allDigits, allZeros } from '../formats/cnab240/fields.js';
import type { CnabItem } from '../formats/cnab240/index.js';
import { collectionColumns } from './cnab-collection.js';
import type { Translate } from './i18n.js';
import type { Column } from './output.js';

/** The words a destination is said in, in the reader's language: translated once a list, not once a row (#73). */
function destinationWords(t: Translate) {
  return {
    t,
    barcode: t({ en: 'barcode', pt: 'código de barras' }),
    bank: t({ en: 'bank', pt: 'banco' }),
    agency: t({ en: 'agency', pt: 'agência' }),
    account: t({ en: 'account', pt: 'conta' }),
  };
}

/**
 * Where the money goes: a PIX key and its type, a bank account, the tax guide or the barcode being paid; its
 * words in the person's language on a screen, in English for a script (tsv and csv read the same everywhere).
 */
function destination(i: CnabItem, words: ReturnType<typeof destinationWords>): string {
  if (i.tribute)
    return [describeTribute(i.tribute), i.barcode ? `${words.barcode} ${i.barcode}` : '']
      .filter(Boolean)
      .join(' · ');
  if (i.pix_key) return `PIX ${words.t(i.pix_key_type ?? 'key')} ${i.pix_key}`;
  const b = i.payee_bank;
  if (b && !allZeros(b.bank_code))
    return `${words.bank} ${b.bank_code} ${words.agency} ${readable(b.agency_parts, 4) ?? b.agency} ${words.account} ${readable(b.account_parts, 1) ?? b.account}`;
  if (i.barcode) return `${words.barcode} ${i.barcode}`;
  return '';
}

/**
 * A number as a person writes it (#53): the zeros that pad the field off (down to `keep` digits), the digit after a
 * dash. Read by its characters: every payment of a big file's listing passes here twice (#73).
 */
function readable(parts: { number: string; digit: string } | undefined, keep: number): string | undefined {
  if (!parts) return undefined;
  const n = parts.number.trim();
  if (!allDigits(n)) return undefined;
  let zeros = 0;
  while (zeros < n.length - keep && n.charCodeAt(zeros) === 48) zeros++;
  const shown = n.length < keep ? n.padStart(keep, '0') : n.slice(zeros);
  return parts.digit ? `${shown}-${parts.digit}` : shown;
}

const amountOf = (i: CnabItem) => i.paid_amount_cents ?? i.amount_cents ?? i.face_value_cents;

const paymentColumns = (t: Translate, words = destinationWords(t)): Column<CnabItem>[] => [
  { header: { en: 'LINE', pt: 'LINHA' }, value: (i) => i.line },
  { header: 'SEG', value: (i) => i.segment },
  { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (i) => i.payee_name },
  { header: 'CPF/CNPJ', value: (i) => i.payee_document, fixed: true },
  { header: { en: 'DESTINATION', pt: 'DESTINO' }, value: (i) => destination(i, words), wrap: true },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: amountOf, kind: 'cents' },
  { header: { en: 'DATE', pt: 'DATA' }, value: (i) => i.paid_date ?? i.date ?? i.due_date, kind: 'date' },
  { header: 'SEU NÚMERO', value: (i) => i.seu_numero, fixed: true },
  {
    header: { en: 'OCCURRENCES', pt: 'OCORRÊNCIAS' },
    // a remittance's payments have none: no list made for each of them (#73)
    value: (i) =>
      i.occurrences.length === 0 ? '' : i.occurrences.map((o) => `${o.code} ${o.message}`).join('; '),
  },
];

/** A DDA file's boletos: who charges what, when it is due, and the barcode that pays it. */
const ddaColumns = (): Column<CnabItem>[] => [
  { header: { en: 'LINE', pt: 'LINHA' }, value: (i) => i.line },
  { header: { en: 'BENEFICIARY', pt: 'BENEFICIÁRIO' }, value: (i) => i.payee_name },
  { header: 'CPF/CNPJ', value: (i) => i.payee_document, fixed: true },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (i) => i.due_date, kind: 'date' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (i) => i.amount_cents, kind: 'cents' },
  { header: { en: 'DOCUMENT', pt: 'DOCUMENTO' }, value: (i) => i.dda?.document_number },
  { header: { en: 'BARCODE', pt: 'CÓDIGO DE BARRAS' }, value: (i) => i.barcode, fixed: true },
];

/** Which columns a file's items are listed in, told by its first: a DDA file's boletos, a collection return's titles, or payments. */
export type ItemColumns = 'dda' | 'collection' | 'payment';

export const columnsKindOf = (item: CnabItem | undefined): ItemColumns =>
  item?.dda ? 'dda' : item?.movement_kind !== undefined && item ? 'collection' : 'payment';

/** The columns a file's items are listed in: a DDA file's boletos, a collection return's titles, or payments. */
export const columnsFor = (item: CnabItem | undefined, t: Translate) =>
  ({ dda: ddaColumns, collection: () => collectionColumns(t), payment: () => paymentColumns(t) })[
    columnsKindOf(item)
  ]();
