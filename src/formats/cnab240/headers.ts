/**
 * A CNAB 240 file's headers read (reader.ts): the file header's dialect, bank, layout, date and company into the
 * file; a lote header's lote as it opens.
 */

import { documentProblem, type Problem } from './checks.js';
import { BANK_NAMES, FORMA_NAMES, SERVICE_NAMES } from './codes.js';
import { dialectOfHeader, ITAU_SISPAG } from './dialects.js';
import { fromCnabDate, intOrNull, trimOrNull } from './fields.js';
import type { CnabFile, OpenBatch } from './file.js';
import {
  DDA_LOTE_HEADER,
  DDA_LOTE_HEADER_ITAU,
  fieldsOf,
  type Layout,
  LOTE_HEADER,
  LOTE_HEADER_COLLECTION,
  read,
} from './layouts.js';
import { cpfCnpjOfType } from './segments.js';

/** Reads the header record into `f`; what its lote field says, and the problem its company's document has. */
export function readFileHeader(f: CnabFile, rec: string): { lote: string; companyProblem: Problem | null } {
  const dialect = dialectOfHeader(rec);
  const itau = dialect === ITAU_SISPAG;
  const at = fieldsOf(dialect.fileHeader, rec);
  f.dialect = dialect.id;
  f.dialect_name = dialect.name;
  f.bank_code = at('bank');
  f.layout = itau ? 'itau' : 'febraban';
  f.layout_version = trimOrNull(at('layout_version'));
  // a name, not what some writers leave in its field (Sicoob's files: a number)
  const named = trimOrNull(at('bank_name'));
  f.bank_name = (named && /[A-Za-z]/.test(named) ? named : null) ?? BANK_NAMES[f.bank_code] ?? null;
  f.header_direction_code = at('direction');
  const date = fromCnabDate(at('date'));
  const time = at('time');
  f.generated_at =
    date && /^\d{6}$/.test(time) ? `${date}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}` : date;
  f.file_sequence = itau ? null : intOrNull(at('file_sequence'));
  const docType = at('company_document_type');
  const doc = at('company_document');
  f.company = {
    name: trimOrNull(at('company_name')),
    document: cpfCnpjOfType(docType, doc),
    agency: trimOrNull(`${at('agency')}${at('agency_digit')}`),
    // Itaú leaves 71 blank and writes its DAC at 72: the digits run on either way
    account: trimOrNull(`${at('account')}${at('account_digit').trim()}${at('agency_account_digit')}`),
  };
  return { lote: at('lote'), companyProblem: documentProblem(docType, doc.trim(), 'company') };
}

/**
 * A lote header's lote as it opens at line `n`: its number (`fallback` when unreadable, and what the field says),
 * its operation, service and forma, what kind of lote it is, and the company it names (read where its layout puts
 * it).
 */
export function openLote(
  n: number,
  rec: string,
  fallback: number,
  bankCode: string | null,
): {
  batch: OpenBatch;
  says: string;
  company: { type: string; document: string; name: () => string | null };
} {
  const head = fieldsOf(LOTE_HEADER, rec);
  const operation = trimOrNull(head('operation'));
  const service = trimOrNull(head('service'));
  const collection = service === '01' || operation === 'R' || operation === 'T';
  const dda = operation === 'I' && service === '03';
  const statement = operation === 'E' && service === '04';
  const forma = collection || dda || statement ? null : trimOrNull(head('forma'));
  const layout = companyLayout(collection, dda, bankCode);
  const batch: OpenBatch = {
    number: intOrNull(head('lote')) ?? fallback,
    line: n,
    operation,
    service,
    service_name: service ? (SERVICE_NAMES[service] ?? null) : null,
    forma,
    forma_name: forma ? (FORMA_NAMES[forma] ?? null) : null,
    layout_version: trimOrNull(head('layout_version')),
    details: 0,
    total_amount_cents: 0,
    records: 1,
    trailer_line: null,
    trailer_count: null,
    trailer_amount_cents: null,
    expectedSeq: 1,
    acceptedAmount: 0,
    wideTrailerAmount: null,
    collection,
    dda,
    statement,
  };
  const company = {
    type: head('company_document_type'),
    document: read(layout, rec, 'company_document').trim(),
    name: () => trimOrNull(read(layout, rec, 'company_name')),
  };
  return { batch, says: head('lote'), company };
}

/**
 * Where a lote header names the company: a collection header's CNPJ is 15 digits (19-33); a DDA header's is
 * Bradesco's 14 or Itaú's 15, and the name moves with it.
 */
function companyLayout(collection: boolean, dda: boolean, bankCode: string | null): Layout {
  if (dda) return bankCode === '341' ? DDA_LOTE_HEADER_ITAU : DDA_LOTE_HEADER;
  return collection ? LOTE_HEADER_COLLECTION : LOTE_HEADER;
}
