/**
 * PIX "BR Code": the EMV QRCPS merchant-presented payload of Banco Central's "Manual de Padrões para Iniciação
 * do Pix", static form (the receiver's key in the payload), plus the Pix key types with CPF/CNPJ validation.
 *
 * A payload is a run of TLV objects: 2-digit ID, 2-digit length, value; templates (26, 62) nest the same way.
 *   00 "01"                       payload format indicator
 *   26 merchant account info      00 GUI "br.gov.bcb.pix", 01 key, 02 description (25 = location URL, dynamic)
 *   52 "0000"                     merchant category code
 *   53 "986"                      currency (BRL)
 *   54 "123.45"                   amount (optional)
 *   58 "BR"                       country
 *   59 name (<= 25), 60 city (<= 15)
 *   62 additional data            05 txid (<= 25 alphanumerics, or "***")
 *   63 CRC16-CCITT-FALSE          over the whole payload up to and including "6304", 4 uppercase hex digits
 *
 * Pure: no clock, no I/O; randomness (txid) can be injected.
 */

import { randomBytes } from 'node:crypto';
import { FormatError } from '../../domain/errors.js';
import { oneLine } from '../../domain/text.js';

// ---------------------------------------------------------------------------------------------------------
// CRC

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of a string's UTF-8 bytes, 4 uppercase hex digits. */
export function crc16ccitt(s: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(s, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---------------------------------------------------------------------------------------------------------
// Text folding

/** Folds to printable ASCII: accents stripped ("São Paulo" -> "Sao Paulo"), other characters dropped, spaces collapsed. */
export function foldAscii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------------------
// Building

export const PIX_GUI = 'br.gov.bcb.pix';

export interface PixPayloadInput {
  /** The receiver's Pix key (CPF, CNPJ, e-mail, +55 phone or random key), at most 77 characters. */
  key: string;
  /** Receiver's name; folded to ASCII and cut to 25 characters. */
  merchantName: string;
  /** Receiver's city; folded to ASCII and cut to 15 characters. */
  merchantCity: string;
  /** Amount in cents; omitted for a payload where the payer types the amount. */
  amountCents?: number;
  /** Transaction id: 1 to 25 of [A-Za-z0-9], or "***" (none); default "***". */
  txid?: string;
  /** Free text shown to the payer; folded to ASCII. Must fit in template 26's 99 characters. */
  description?: string;
}

function tlv(id: string, value: string): string {
  if (value.length > 99)
    throw new FormatError(`BR Code field ${id} is ${value.length} characters, at most 99`);
  return id + String(value.length).padStart(2, '0') + value;
}

/** "12345" cents -> "123.45". */
function formatAmount(cents: number): string {
  const s = String(cents).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** Builds a static BR Code payload. Throws a RangeError on invalid input. */
export function buildPixPayload(input: PixPayloadInput): string {
  const key = input.key.trim();
  if (key.length === 0 || key.length > 77) throw new FormatError('Pix key must be 1 to 77 characters');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new FormatError(`txid must be 1 to 25 characters of [A-Za-z0-9] or '***', got '${txid}'`);
  }
  const name = foldAscii(input.merchantName).slice(0, 25).trim();
  const city = foldAscii(input.merchantCity).slice(0, 15).trim();
  if (!name) throw new FormatError('merchantName is empty');
  if (!city) throw new FormatError('merchantCity is empty');
  let account = tlv('00', PIX_GUI) + tlv('01', key);
  if (input.description !== undefined) {
    const description = foldAscii(input.description);
    if (description) account += tlv('02', description);
  }
  if (account.length > 99) {
    throw new FormatError(
      `key and description take ${account.length - 18} characters of template 26, at most 81`,
    );
  }
  let payload = tlv('00', '01') + tlv('26', account) + tlv('52', '0000') + tlv('53', '986');
  if (input.amountCents !== undefined) {
    const c = input.amountCents;
    if (!Number.isSafeInteger(c) || c <= 0)
      throw new FormatError(`amountCents must be a positive integer, got ${c}`);
    const amount = formatAmount(c);
    if (amount.length > 13) throw new FormatError(`amount ${amount} is longer than 13 characters`);
    payload += tlv('54', amount);
  }
  payload += tlv('58', 'BR') + tlv('59', name) + tlv('60', city) + tlv('62', tlv('05', txid));
  payload += '6304';
  return payload + crc16ccitt(payload);
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

export interface TlvField {
  id: string;
  value: string;
}

/** Splits a TLV run into its objects, or returns a one-line error. */
export function parseTlv(s: string): TlvField[] | string {
  const out: TlvField[] = [];
  let i = 0;
  while (i < s.length) {
    const head = s.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) return `malformed TLV at position ${i}: '${head}'`;
    const id = head.slice(0, 2);
    const len = Number(head.slice(2));
    if (i + 4 + len > s.length) return `field ${id} at position ${i} declares length ${len}, past the end`;
    out.push({ id, value: s.slice(i + 4, i + 4 + len) });
    i += 4 + len;
  }
  return out;
}

export interface ParsedPix {
  ok: true;
  /** Top-level fields by ID, raw values. */
  fields: Record<string, string>;
  /** Subfields of the Pix merchant account template. */
  merchantAccount: Record<string, string>;
  /** The ID (26..51) of the merchant account template carrying the Pix GUI. */
  merchantAccountId: string;
  /** The Pix key (sub 01), or null in a dynamic payload. */
  key: string | null;
  /** The location URL (sub 25) of a dynamic payload, or null. */
  url: string | null;
  description: string | null;
  /** null when the payload carries no amount. */
  amountCents: number | null;
  /** The txid, "***" when none. */
  txid: string;
  merchantName: string;
  merchantCity: string;
  crc: string;
}

export interface PixParseError {
  ok: false;
  error: string;
}

function parseAmount(s: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Parses and validates a BR Code payload: TLV structure, CRC, required fields, the Pix GUI. */
export function parsePixPayload(s: string): ParsedPix | PixParseError {
  const fail = (error: string): PixParseError => ({ ok: false, error: oneLine(error) });
  const payload = s.trim();
  const top = parseTlv(payload);
  if (typeof top === 'string') return fail(top);
  const fields: Record<string, string> = {};
  for (const f of top) {
    if (f.id in fields) return fail(`field ${f.id} appears twice`);
    fields[f.id] = f.value;
  }
  if (top[0]?.id !== '00') return fail('payload does not start with field 00 (payload format indicator)');
  if (fields['00'] !== '01') return fail(`payload format indicator is '${fields['00']}', expected '01'`);
  const last = top[top.length - 1]!;
  if (last.id !== '63') return fail('payload does not end with field 63 (CRC)');
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value))
    return fail(`CRC field is '${last.value}', expected 4 hex digits`);
  const expectedCrc = crc16ccitt(payload.slice(0, -4));
  if (last.value.toUpperCase() !== expectedCrc) return fail(`CRC is ${last.value}, expected ${expectedCrc}`);

  let merchantAccountId: string | null = null;
  let merchantAccount: Record<string, string> = {};
  for (let id = 26; id <= 51; id++) {
    const v = fields[String(id)];
    if (v === undefined) continue;
    const sub = parseTlv(v);
    if (typeof sub === 'string') return fail(`field ${id}: ${sub}`);
    const gui = sub.find((f) => f.id === '00');
    if (gui && gui.value.toLowerCase() === PIX_GUI) {
      merchantAccountId = String(id);
      merchantAccount = Object.fromEntries(sub.map((f) => [f.id, f.value]));
      break;
    }
  }
  if (merchantAccountId === null) return fail(`no merchant account field (26-51) with GUI ${PIX_GUI}`);
  const key = merchantAccount['01'] ?? null;
  const url = merchantAccount['25'] ?? null;
  if (key === null && url === null)
    return fail(`field ${merchantAccountId} has neither a key (01) nor a URL (25)`);

  for (const [id, what] of [
    ['52', 'merchant category code'],
    ['53', 'currency'],
    ['58', 'country code'],
    ['59', 'merchant name'],
    ['60', 'merchant city'],
    ['62', 'additional data'],
  ] as const) {
    if (fields[id] === undefined) return fail(`missing field ${id} (${what})`);
  }
  if (fields['53'] !== '986') return fail(`currency is '${fields['53']}', expected '986' (BRL)`);
  let amountCents: number | null = null;
  if (fields['54'] !== undefined) {
    amountCents = parseAmount(fields['54']);
    if (amountCents === null) return fail(`amount '${fields['54']}' is not a decimal with at most 2 places`);
  }
  const additional = parseTlv(fields['62']!);
  if (typeof additional === 'string') return fail(`field 62: ${additional}`);
  const txid = additional.find((f) => f.id === '05')?.value;
  if (txid === undefined) return fail('missing txid (field 62, sub 05)');

  return {
    ok: true,
    fields,
    merchantAccount,
    merchantAccountId,
    key,
    url,
    description: merchantAccount['02'] ?? null,
    amountCents,
    txid,
    merchantName: fields['59']!,
    merchantCity: fields['60']!,
    crc: last.value.toUpperCase(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// txid

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random txid of `length` (1..25) alphanumerics, drawn without bias from `random` bytes
 * (node:crypto's randomBytes by default; pass a deterministic source in tests).
 */
export function generateTxid(length = 25, random: (n: number) => Uint8Array = randomBytes): string {
  if (!Number.isInteger(length) || length < 1 || length > 25)
    throw new FormatError('txid length must be 1..25');
  let out = '';
  while (out.length < length) {
    for (const b of random(length * 2)) {
      if (b >= 248) continue; // 248 = 4 * 62: reject to keep the draw uniform
      out += ALPHANUMERIC[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
