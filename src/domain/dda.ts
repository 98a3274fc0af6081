/**
 * The DDA checks (#33): the boletos a bank's DDA files list against the condominium's CNPJ, set beside the boleto
 * payables entered. Pure: the CLI reads the files and the API, this says what each boleto and payable is.
 *
 * - **entered**: a payable has the boleto's barcode, and the two agree; another payable with the same barcode, while
 *   either is still to be paid, is named beside it (`twins`): the same bill entered twice;
 * - **changed**: a payable has the barcode, but the amount, the due date or what is due (a rebate or discount
 *   granted since) differs: the line says what;
 * - **not entered**: no payable has it; its beneficiary is a known supplier, so it can be entered;
 * - **unknown beneficiary**: no payable has it, and no supplier has the beneficiary's CPF/CNPJ;
 * - **not in DDA**: an open boleto payable whose barcode no file lists, or whose supplier is not the boleto's
 *   beneficiary: the mark of a fake boleto. Arrecadação codes (utility bills, taxes: they start with 8) are never
 *   in DDA and are never flagged.
 *
 * The canonical key is the 44-digit barcode: a payable's linha digitável is converted to it.
 */
import { barcodeOf, byBarcode } from './batch-preview.js';
import { UNPAID_STATES } from './payables.js';

export interface DdaBoleto {
  barcode: string;
  beneficiary_document: string | null;
  beneficiary_name: string | null;
  due_date: string | null;
  amount_cents: number;
  /** What the beneficiary takes off the amount: the rebate (abatimento). */
  rebate_cents: number;
  document_number: string | null;
  /** What it charges besides its amount (fine, interest, discounts), as a payable's notes say it. */
  terms?: string;
  /** Where it was read: the file and its line. */
  file: string;
  line: number;
}

export interface DdaPayable {
  public_id: string;
  state: string;
  document_number: string | null;
  amount: number;
  discount_amount: number | null;
  due_date: string;
  supplier_id: number | null;
  /** The supplier's CPF/CNPJ, when the payable names a supplier. */
  supplier_document: string | null;
  /** Whom the bill says it pays (its payee, else its supplier's name, else its description), for a person. */
  payee?: string | null;
}

export type DdaStatus = 'entered' | 'changed' | 'not_entered' | 'unknown_beneficiary';

export interface DdaBoletoFinding {
  boleto: DdaBoleto;
  status: DdaStatus;
  /** The payable with its barcode (entered, changed). */
  payable: DdaPayable | null;
  /**
   * Other payables with the same barcode, when one of them or `payable` is still to be paid: the same bill entered
   * twice, which would be paid twice (entered, changed).
   */
  twins: DdaPayable[];
  /** The supplier whose CPF/CNPJ the beneficiary's is (not entered). */
  supplier_id: number | null;
  /** What differs (changed): the payable's value and the DDA's, by field. */
  changes: DdaChange[];
}

export type DdaChange =
  | { field: 'amount' | 'discount_amount'; payable: number; dda: number }
  | { field: 'due_date'; payable: string; dda: string };

export interface DdaPayableFinding {
  payable: DdaPayable;
  /** The payable's barcode is in no DDA file, or its supplier is not the boleto's beneficiary. */
  reason: 'not_listed' | 'beneficiary_differs';
  /** The beneficiary the DDA names, when it differs from the supplier. */
  beneficiary_document: string | null;
}

export interface DdaReview {
  boletos: DdaBoletoFinding[];
  notInDda: DdaPayableFinding[];
}

/** The 44-digit barcode of a boleto payable's document; null for anything else (arrecadação, text, invalid). */
export function boletoBarcodeOf(document: string | null | undefined): string | null {
  const barcode = barcodeOf({ document_number: document });
  // arrecadação (utility bills, taxes) starts with 8: never in DDA
  return barcode?.startsWith('8') ? null : barcode;
}

export function reviewDda(
  files: readonly DdaBoleto[],
  payables: readonly DdaPayable[],
  suppliers: ReadonlyMap<string, number>,
): DdaReview {
  // each payable's barcode worked out once (a linha digitável parsed to it)
  const barcodes = new Map(payables.map((p) => [p, boletoBarcodeOf(p.document_number)]));
  // the first payable of a barcode is the boleto's; the others entered it again
  const entered = byBarcode(payables, (p) => barcodes.get(p) ?? null);
  // the same boleto in tomorrow's file, or in another bank's, is one boleto: the last file's word counts
  const listed = new Map<string, DdaBoleto>();
  for (const b of files) listed.set(b.barcode, b);
  const boletos: DdaBoletoFinding[] = [];
  for (const b of listed.values()) {
    const [payable = null, ...twins] = entered.get(b.barcode) ?? [];
    if (payable) {
      const changes = changesOf(payable, b);
      // a bill paid and entered again is as much a second payment as two open ones; two paid ones are history
      const open = [payable, ...twins].some((p) => UNPAID_STATES.has(p.state));
      boletos.push({
        boleto: b,
        status: changes.length > 0 ? 'changed' : 'entered',
        payable,
        twins: open ? twins : [],
        supplier_id: null,
        changes,
      });
      continue;
    }
    const supplier = b.beneficiary_document ? suppliers.get(b.beneficiary_document) : undefined;
    boletos.push({
      boleto: b,
      status: supplier === undefined ? 'unknown_beneficiary' : 'not_entered',
      payable: null,
      twins: [],
      supplier_id: supplier ?? null,
      changes: [],
    });
  }
  const notInDda: DdaPayableFinding[] = [];
  // every open boleto payable, a bill entered twice included: each would be paid
  for (const p of payables) {
    const barcode = barcodes.get(p);
    if (!barcode || !UNPAID_STATES.has(p.state)) continue;
    const boleto = listed.get(barcode);
    if (!boleto) {
      notInDda.push({ payable: p, reason: 'not_listed', beneficiary_document: null });
      continue;
    }
    const beneficiary = boleto.beneficiary_document;
    if (p.supplier_document && beneficiary && p.supplier_document !== beneficiary)
      notInDda.push({ payable: p, reason: 'beneficiary_differs', beneficiary_document: beneficiary });
  }
  return { boletos, notInDda };
}

/** What a payable says otherwise than the DDA's boleto: amount, due date, and what is due after rebate or discount. */
function changesOf(p: DdaPayable, b: DdaBoleto): DdaChange[] {
  const changes: DdaChange[] = [];
  if (p.amount !== b.amount_cents) changes.push({ field: 'amount', payable: p.amount, dda: b.amount_cents });
  if (b.due_date && p.due_date !== b.due_date)
    changes.push({ field: 'due_date', payable: p.due_date, dda: b.due_date });
  // the same amount, but the beneficiary takes something off it since (a rebate): the payable's discount should say so
  if (p.amount === b.amount_cents && b.rebate_cents !== (p.discount_amount ?? 0))
    changes.push({ field: 'discount_amount', payable: p.discount_amount ?? 0, dda: b.rebate_cents });
  return changes;
}
