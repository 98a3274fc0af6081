/**
 * OFX 1.02 statements as Brazilian banks export them (SGML, header `CHARSET:1252`, CRLF, unclosed leaf elements,
 * ASCII only): the sandbox's statements, and what the CLI sends for a statement the API does not take as it is
 * (a CNAB 240 extrato). Independent OFX readers accept what it writes: no empty element.
 */
import type { IsoDate } from '../../domain/dates.js';
import { digitsOnly } from '../../domain/digits.js';
import { centsToText } from '../../domain/money.js';

export interface OfxTransaction {
  fitid: string;
  date: IsoDate;
  /** cents, credits positive */
  amountCents: number;
  memo: string;
  /** CHECKNUM: the document number reconciliation prefers */
  checknum?: string | null;
  name?: string | null;
  /** TRNTYPE; default CREDIT or DEBIT from the sign */
  type?: string;
}

export interface OfxStatementOptions {
  /** e.g. `341`; written as a 4-digit BANKID (`0341`), as Itaú and Bradesco do */
  bankCode: string;
  agency?: string;
  /** as the bank writes it, e.g. `12345-6` */
  account: string;
  accountType?: 'CHECKING' | 'SAVINGS' | 'MONEYMRKT';
  transactions: OfxTransaction[];
  start: IsoDate;
  end: IsoDate;
  /** LEDGERBAL, cents */
  balanceCents?: number;
  /** DTSERVER; default the end date */
  serverDate?: IsoDate;
}

const ofxDate = (d: IsoDate) => d.replaceAll('-', '');

/** ASCII only (accents dropped), SGML's specials escaped, one line, at most `max` characters. */
export function ofxText(text: string, max = 255): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** An OFX 1.02 SGML statement (CRLF line ends). */
export function buildStatementOfx(o: OfxStatementOptions): string {
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDate(o.serverDate ?? o.end)}120000[-3:BRT]`,
    '<LANGUAGE>POR',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1001',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    `<BANKID>${digitsOnly(o.bankCode).padStart(4, '0')}`,
    ...(o.agency ? [`<BRANCHID>${ofxText(o.agency, 22)}`] : []),
    `<ACCTID>${ofxText(o.account, 22)}`,
    `<ACCTTYPE>${o.accountType ?? 'CHECKING'}`,
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(o.start)}`,
    `<DTEND>${ofxDate(o.end)}`,
  ];
  for (const t of o.transactions) {
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${t.type ?? (t.amountCents < 0 ? 'DEBIT' : 'CREDIT')}`,
      `<DTPOSTED>${ofxDate(t.date)}`,
      `<TRNAMT>${centsToText(t.amountCents)}`,
      `<FITID>${ofxText(t.fitid, 255)}`,
      ...optional('CHECKNUM', t.checknum, 12),
      ...optional('NAME', t.name, 32),
      ...optional('MEMO', t.memo, 255),
      '</STMTTRN>',
    );
  }
  lines.push('</BANKTRANLIST>');
  if (o.balanceCents !== undefined) {
    lines.push(
      '<LEDGERBAL>',
      `<BALAMT>${centsToText(o.balanceCents)}`,
      `<DTASOF>${ofxDate(o.end)}`,
      '</LEDGERBAL>',
    );
  }
  lines.push('</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '');
  return lines.join('\r\n');
}

/** An element only when it has text: an empty `<MEMO>` is refused by strict OFX readers. */
function optional(tag: string, value: string | null | undefined, max: number): string[] {
  const text = value ? ofxText(value, max) : '';
  return text ? [`<${tag}>${text}`] : [];
}
