/** A CNAB 240 file header's facts (reader.ts): its dialect, bank, layout, date and company, read into the file. */

import { documentProblem, type Problem } from './checks.js';
import { BANK_NAMES } from './codes.js';
import { dialectOfHeader, ITAU_SISPAG } from './dialects.js';
import { fromCnabDate, intOrNull, trimOrNull } from './fields.js';
import type { CnabFile } from './file.js';
import { fieldsOf } from './layouts.js';
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
