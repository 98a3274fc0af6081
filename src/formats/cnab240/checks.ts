/**
 * The CNAB 240 reader's checks, as pure functions: each takes what a record says and returns the problems it
 * finds (a message and a kind, the kind grouping repeats of one problem). The reader reads; these judge; each is
 * tested on its own (test/unit/formats/cnab240/checks.test.ts).
 */

import { boletoBarcodeDigit, dueDateFactor, factorToDate } from '../../domain/boleto/index.js';
import { formatDateBr } from '../../domain/dates.js';
import { type Message, withFinding } from '../../domain/message.js';
import { barcodeProblem } from './barcode.js';
import { CAMARA } from './codes.js';
import { allDigits, allZeros, intAt, isValidCnpj, isValidCpf, remembered } from './fields.js';
import { type CnabFindingCode, type CnabParams, cnabFinding } from './findings.js';

export interface Problem {
  message: string;
  kind: string;
  /** the problem by its code (findings.ts); not enumerable, as a reader's finding */
  readonly finding?: Message;
}

/** A problem by its code: its English as `message`, grouped under `kind`. */
function problem<K extends CnabFindingCode>(code: K, params: CnabParams<K>, kind: string): Problem {
  const finding = cnabFinding(code, params);
  return withFinding({ message: finding.message, kind }, finding);
}

const TED_FORMAS = new Set(['41', '43', '44']);

const NO_PROBLEMS: readonly Problem[] = Object.freeze([]);

/** A CPF (type 1) or CNPJ (type 2) with wrong check digits; blank or zero documents are not judged. */
export function documentProblem(
  type: string,
  digits: string,
  who: 'payee' | 'company' | 'beneficiary',
): Problem | null {
  if (allZeros(digits) || !allDigits(digits)) return null;
  if (type === '1' && !validCpf(digits.slice(-11)))
    return problem('cnab.document', { who, kind: 'CPF', digits: digits.slice(-11) }, `cpf-${who}`);
  if (type === '2' && !validCnpj(digits.slice(-14)))
    return problem('cnab.document', { who, kind: 'CNPJ', digits: digits.slice(-14) }, `cnpj-${who}`);
  return null;
}

// a file names the same payees and company again and again: each document's check digits are worked out once
const validCpf = remembered(isValidCpf);
const validCnpj = remembered(isValidCnpj);

/** Segment A's câmara (clearing) and payee bank against its lote's forma de lançamento. */
export function camaraProblems(
  forma: string | null,
  camara: string,
  payeeBank: string,
  fileBank: string | null,
): readonly Problem[] {
  // every segment A passes here and almost every one is right: that answer makes no list
  if (forma === '01' || forma === '05') {
    const problems: Problem[] = [];
    if (camara !== CAMARA.internal && camara.trim() !== '')
      problems.push(problem('cnab.camara-internal', { camara, forma }, 'camara'));
    if (payeeBank !== fileBank && !/^0*$/.test(payeeBank))
      problems.push(
        problem('cnab.forma-bank', { payeeBank, forma, fileBank: String(fileBank) }, 'forma-bank'),
      );
    return problems.length > 0 ? problems : NO_PROBLEMS;
  }
  if (forma !== null && TED_FORMAS.has(forma) && camara !== CAMARA.ted && camara !== CAMARA.tedStr)
    return [problem('cnab.camara-ted', { camara, forma }, 'camara')];
  // forma 03 is "DOC/TED" (G029): a TED in it is what banks write since DOC ended (29/02/2024)
  if (forma === '03' && camara !== CAMARA.doc && camara !== CAMARA.ted && camara !== CAMARA.tedStr)
    return [problem('cnab.camara-doc-ted', { camara }, 'camara')];
  return NO_PROBLEMS;
}

/**
 * A segment J pays the title value less discount plus mora (fine and interest): a payment that differs with
 * nothing to explain it pays the wrong amount (e.g. a R$ 456,78 boleto paid as R$ 400,00).
 */
export function titleValueProblem(
  face: number | null,
  discount: number | null,
  mora: number | null,
  paid: number | null,
): Problem | null {
  if (!face || !paid) return null;
  if (face - (discount ?? 0) + (mora ?? 0) === paid) return null;
  return problem(
    'cnab.title-value',
    { paid, face, discount: discount ?? 0, mora: mora ?? 0 },
    'j-value-mismatch',
  );
}

/** A 44-digit boleto or arrecadação barcode whose check digit is wrong. */
export function barcodeCheck(barcode: string | null): Problem | null {
  if (!barcode || /^0*$/.test(barcode) || !/^\d{44}$/.test(barcode)) return null;
  const why = barcodeProblem(barcode);
  return why ? withFinding({ message: why.message, kind: 'barcode-dv' }, why) : null;
}

/**
 * A payment lote's trailer sum (24-41) against its details: all of them in a remessa. In a retorno, banks differ
 * and both are their practice: FEBRABAN's G058 says "somatória dos valores" of the lote and leaves open whether a
 * rejected item counts; Banco do Brasil, Itaú and Bradesco sum the lote as sent, Santander's production returns
 * of supplier payments sum every item, rejected ones included (#51), and some writers sum only the accepted ones.
 * A return's sum is therefore right when it is either. A sum written three digits wide (24-44) is named as such.
 */
export function trailerSumProblem(lote: {
  number: number;
  stated: number | null;
  wide: number | null;
  all: number;
  accepted: number;
  retorno: boolean;
}): Problem | null {
  const { number, stated, wide, all, accepted, retorno } = lote;
  if (stated === all) return null;
  if (retorno && stated === accepted) return null;
  if (wide === all || (retorno && wide === accepted))
    return problem('cnab.lote-sum-wide', { lote: number, reads: stated ?? 0, total: all }, 'lote-sum-wide');
  if (stated === null) return problem('cnab.lote-sum-not-numeric', { lote: number, total: all }, 'lote-sum');
  if (retorno && accepted !== all)
    return problem('cnab.lote-sum-accepted', { lote: number, sum: stated, total: all, accepted }, 'lote-sum');
  return problem('cnab.lote-sum', { lote: number, sum: stated, total: all }, 'lote-sum');
}

/**
 * A DDA segment G against its own barcode: the check digit, and the value and due date the code carries against
 * the record's (a code whose value is open, 0, says nothing of the amount). Read straight off the 44 digits: a day's
 * DDA lists boletos by the hundred thousand, and parsing each whole (its linha, its date) was a fifth of a read.
 */
export function ddaBarcodeProblems(
  barcode: string | null,
  dueDate: string | null,
  amountCents: number | null,
): readonly Problem[] {
  // a barcode left unfilled (zeros) is not judged; the loop stops at a bank's first digit
  if (!barcode || barcode[0] === '8' || allZeros(barcode)) return NO_PROBLEMS;
  const expected = boletoBarcodeDigit(barcode);
  if (expected === -1) {
    const why = barcodeProblem(barcode);
    return [
      why
        ? withFinding({ message: why.message, kind: 'barcode-dv' }, why)
        : { message: 'not a barcode', kind: 'barcode-dv' },
    ];
  }
  const digit = barcode.charCodeAt(4) - 48;
  if (digit !== expected) return [problem('cnab.barcode-digit', { digit, expected }, 'barcode-dv')];
  // the value (10-19) and the due date's factor (6-9), read in place: 44 digits, checked above
  const value = intAt(barcode, 10, 19) as number;
  const factor = intAt(barcode, 6, 9) as number;
  const amountDiffers = value !== 0 && amountCents !== null && value !== amountCents;
  const dueDiffers = factor >= 1000 && dueDate !== null && factorOf(dueDate) !== factor;
  // almost every boleto agrees with its code: that answer makes no list
  if (!amountDiffers && !dueDiffers) return NO_PROBLEMS;
  const problems: Problem[] = [];
  if (amountDiffers)
    problems.push(
      problem('cnab.dda-amount', { amount: amountCents as number, barcode: value }, 'dda-amount'),
    );
  if (dueDiffers)
    problems.push(
      problem(
        'cnab.dda-due-date',
        {
          due: formatDateBr(dueDate as string),
          barcode: formatDateBr(factorToDate(factor, dueDate as string) ?? ''),
        },
        'dda-due-date',
      ),
    );
  return problems;
}

// a file's due dates repeat: each date's factor is worked out once (null before 2000-07-03, which has none)
const factorOf = remembered((date: string): number | null => {
  try {
    return dueDateFactor(date);
  } catch {
    return null;
  }
});
