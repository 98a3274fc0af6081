/**
 * The summary `cnab inspect` prints above a file's lotes: its bank, company, dialect, NSA and date, and what its
 * items add up to (a payment return's: how many paid, scheduled, refused).
 */

import { formatDateBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { CnabFile } from '../formats/cnab240/index.js';
import type { Translate } from './i18n.js';

/** What a payment return said of its payments, counted as it is read. */
export interface ReturnTally {
  paid: number;
  scheduled: number;
  rejected: number;
}

/** What a summary shows for a field the file leaves blank. */
const NONE = '—';

/** What the summary counts: a DDA file's boletos, a collection's titles, or payments. */
function itemsTotal(file: CnabFile): Text {
  const one = file.details === 1;
  if (file.service === 'dda')
    return one
      ? { en: 'boleto, total', pt: 'boleto, total' }
      : { en: 'boletos, total', pt: 'boletos, total' };
  if (file.service === 'collection')
    return one ? { en: 'title, total', pt: 'título, total' } : { en: 'titles, total', pt: 'títulos, total' };
  return one
    ? { en: 'payment, total', pt: 'pagamento, total' }
    : { en: 'payments, total', pt: 'pagamentos, total' };
}

/** The header's date and time as a person reads them (26/11/2026 11:10:24); JSON keeps the ISO form. */
function generatedAt(at: string | null): string {
  if (!at) return NONE;
  const [date, time] = at.split('T');
  return time ? `${formatDateBr(date)} ${time}` : formatDateBr(date);
}

/**
 * An NSA the header leaves blank or zeros, said in words (#66: "—" did not say whose): Itaú's SISPAG header
 * has no NSA, and a bank that leaves it zero has not numbered the file.
 */
function nsaText(file: CnabFile, t: Translate): string {
  return t(
    file.layout === 'itau'
      ? {
          en: "blank (Itaú's SISPAG header has no NSA)",
          pt: 'em branco (o SISPAG do Itaú não tem NSA)',
        }
      : { en: 'left blank by the bank', pt: 'deixado em branco pelo banco' },
  );
}

/** A payment return's tally: how many paid, scheduled and refused, after its count and total (#66). */
function outcomesText(file: CnabFile, outcomes: ReturnTally | undefined, t: Translate): string {
  if (!outcomes || file.direction !== 'retorno' || file.service !== 'payment') return '';
  const said = [
    t({ en: `${outcomes.paid} paid`, pt: `${outcomes.paid} ${outcomes.paid === 1 ? 'pago' : 'pagos'}` }),
    ...(outcomes.scheduled > 0
      ? [
          t({
            en: `${outcomes.scheduled} scheduled`,
            pt: `${outcomes.scheduled} ${outcomes.scheduled === 1 ? 'agendado' : 'agendados'}`,
          }),
        ]
      : []),
    t({
      en: `${outcomes.rejected} refused`,
      pt: `${outcomes.rejected} ${outcomes.rejected === 1 ? 'recusado' : 'recusados'}`,
    }),
  ];
  return ` · ${said.join(', ')}`;
}

/** The summary's lines, in the reader's language. */
export function summaryLines(file: CnabFile, outcomes: ReturnTally | undefined, t: Translate): string[] {
  return [
    // a field the file leaves blank reads "—" (#53): "?" looked like a question the reader had to answer
    `${t({ en: 'bank', pt: 'banco' })} ${file.bank_code ?? NONE} ${file.bank_name ?? ''} · ${file.service === 'dda' ? 'DDA' : t(file.service)} ${t(file.direction)} · ${file.lines} ${t({ en: 'lines', pt: 'linhas' })}`,
    `${t({ en: 'company', pt: 'empresa' })} ${file.company.name ?? NONE} (${file.company.document ?? NONE})`,
    `${t({ en: 'dialect', pt: 'dialeto' })} ${file.dialect_name}, ${t({ en: 'layout', pt: 'leiaute' })} ${file.layout_version ?? NONE} · ${t({ en: 'agency', pt: 'agência' })} ${file.company.agency ?? NONE} ${t({ en: 'account', pt: 'conta' })} ${file.company.account ?? NONE}`,
    // an NSA said in words takes its line: with the date beside it, it ran past 80 columns
    ...(file.file_sequence
      ? [
          `${t({ en: 'file sequence (NSA)', pt: 'sequência do arquivo (NSA)' })} ${file.file_sequence} · ${t({ en: 'generated at', pt: 'gerado em' })} ${generatedAt(file.generated_at)}`,
        ]
      : [
          `${t({ en: 'file sequence (NSA)', pt: 'sequência do arquivo (NSA)' })} ${nsaText(file, t)}`,
          `${t({ en: 'generated at', pt: 'gerado em' })} ${generatedAt(file.generated_at)}`,
        ]),
    `${file.details} ${t(itemsTotal(file))} ${formatReais(file.total_amount_cents)}${outcomesText(file, outcomes, t)}`,
  ];
}
