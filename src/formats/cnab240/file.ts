/**
 * What reading a CNAB 240 file gives (reader.ts reads it): the file's header facts, its lotes, items, warnings and
 * errors each at its line, and the options a read takes.
 */

import type { Message } from '../../domain/message.js';
import { type DialectId, FEBRABAN } from './dialects.js';
import type { CnabDirection, CnabService } from './inference.js';
import type { CnabItem } from './segments.js';

export type { CnabDirection, CnabService } from './inference.js';
export type { CnabDdaBoleto, CnabDdaCharge, CnabItem, CnabTribute } from './segments.js';

export interface CnabMessage {
  line: number;
  /** the finding in English, as scripts read it (`--json`) */
  message: string;
  /**
   * The finding by its code and values (#54), for a person's language: not enumerable, so the JSON of a file
   * stays `{line, message}`.
   */
  readonly finding?: Message;
}

/** A problem as the reader finds it: its kind, a short name that stays as the message's wording changes. */
export interface CnabProblem extends CnabMessage {
  kind: string;
  error: boolean;
}

export interface CnabBatch {
  number: number;
  /** Line of the lote header. */
  line: number;
  operation: string | null;
  service: string | null;
  service_name: string | null;
  forma: string | null;
  forma_name: string | null;
  layout_version: string | null;
  /** Payment or collection items in the lote (segments A, J, N, O, P, T). */
  details: number;
  /** Sum of the items' own amounts. */
  total_amount_cents: number;
  /** Records actually present, lote header and trailer included. */
  records: number;
  trailer_line: number | null;
  trailer_count: number | null;
  trailer_amount_cents: number | null;
}

export interface CnabFile {
  bank_code: string | null;
  bank_name: string | null;
  direction: CnabDirection;
  service: CnabService;
  /** Header position 143 as written ('1' remessa, '2' retorno), even when the content disagrees. */
  header_direction_code: string | null;
  layout: 'febraban' | 'itau';
  /** The bank's dialect the header shows (dialects.ts), and its name as `cnab inspect` prints it. */
  dialect: DialectId;
  dialect_name: string;
  layout_version: string | null;
  company: { name: string | null; document: string | null; agency: string | null; account: string | null };
  file_sequence: number | null;
  generated_at: string | null;
  /** Non-blank lines. */
  lines: number;
  /** The file ends without its file trailer or inside a lote: read what is there, but it may be cut. */
  truncated: boolean;
  /** Lines recognised as CNAB 240 records. */
  records: number;
  batches: CnabBatch[];
  details: number;
  total_amount_cents: number;
  items: CnabItem[];
  warnings: CnabMessage[];
  errors: CnabMessage[];
}

/**
 * Where a second half that begins inside a lote begins: its lote's header and that header's line, and what the first
 * half's reader will have counted of the lote at the cut (its records, the detail sequence it expects next), told
 * from the lines between them and checked at the seam.
 */
export interface LoteBegun {
  record: string;
  line: number;
  records: number;
  expectedSeq: number;
}

export interface ReadOptions {
  /** Keep every item in `items` (default true). With false, use `onItem` and memory stays bounded. */
  keepItems?: boolean;
  /** Called once per item as soon as its companion segments (B, J-52, Q, U, Z...) are read. */
  onItem?: (item: CnabItem) => void;
  /** Called with each record as it is read (240 characters, before its fields are), and its line number. */
  onRecord?: (line: number, record: string) => void;
  /** Messages kept per kind of problem before they are summarised (default 20). */
  messagesPerKind?: number;
  /** Called with every problem as it is found, its kind named (`cnab lint` makes its rules of them), none summarised. */
  onProblem?: (problem: CnabProblem) => void;
  /**
   * The bytes begin inside a file (its second half, halves.ts), at a lote header or inside the lote `lote`: the
   * file's header record and the number of the first line. The read ends with `part()`, for the first half's
   * reader to `absorb`.
   */
  continuing?: { header: string; firstLine: number; lote?: LoteBegun | undefined };
}

export type CnabSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | string
  | Uint8Array;

/** A lote while it is read: what its trailer is checked against. */
export interface OpenBatch extends CnabBatch {
  expectedSeq: number;
  acceptedAmount: number;
  /** The trailer's 24-44 read as one number: some writers right-align the sum 3 places too far. */
  wideTrailerAmount: number | null;
  collection: boolean;
  /** A DDA lote (operation I, service 03): the bank's list of boletos drawn on the company. */
  dda: boolean;
  /**
   * An account statement's lote (operation E, service 04): its segments E are movements, read by
   * formats/cnab240/statement.ts; here they are counted, and its trailer counts its records at 171-176.
   */
  statement: boolean;
}

/** What a read gives before the first line: the FEBRABAN dialect, a remittance of payments, nothing found. */
export function emptyFile(): CnabFile {
  return {
    bank_code: null,
    bank_name: null,
    direction: 'remessa',
    service: 'payment',
    header_direction_code: null,
    layout: 'febraban',
    dialect: FEBRABAN.id,
    dialect_name: FEBRABAN.name,
    layout_version: null,
    company: { name: null, document: null, agency: null, account: null },
    file_sequence: null,
    generated_at: null,
    lines: 0,
    truncated: false,
    records: 0,
    batches: [],
    details: 0,
    total_amount_cents: 0,
    items: [],
    warnings: [],
    errors: [],
  };
}
