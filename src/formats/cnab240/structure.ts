/**
 * A CNAB 240 file's structure as a small state machine: a file header, lotes (a lote header, its details, a
 * lote trailer), a file trailer. The reader (reader.ts) asks it where each record leads before it reads the
 * record's fields, so what a record out of place means is written once, here, as a table, and tested as one.
 *
 * The reader is tolerant: a missing lote trailer or file header is a warning and reading goes on; only a record
 * after the file trailer, or a detail outside any lote, is left unread.
 */

/** Where the reader stands: before any record, in the file between lotes, inside a lote, past the trailer. */
export type Place = 'before' | 'file' | 'lote' | 'after';

/**
 * A record by its type at position 8: 0 file header, 1 lote header, 3 detail, 5 lote trailer, 9 file trailer; any
 * other is unknown.
 */
export type RecordKind =
  | 'file-header'
  | 'lote-header'
  | 'detail'
  | 'lote-trailer'
  | 'file-trailer'
  | 'unknown';

export const kindOfRecord = (type: string): RecordKind => RECORD_KINDS[type] ?? 'unknown';

const RECORD_KINDS: Readonly<Record<string, RecordKind>> = {
  '0': 'file-header',
  '1': 'lote-header',
  '3': 'detail',
  '5': 'lote-trailer',
  '9': 'file-trailer',
};

/** What a record does where it stands. */
export interface Move {
  /** where the reader stands after it */
  to: Place;
  /** the open lote ends first, without its trailer (a warning) */
  closesLote?: true;
  /** the record is out of place: reported, its fields not read */
  refused?: 'after-trailer' | 'record-type' | 'orphan-detail' | 'orphan-lote-trailer';
  /** read, with this said about where it stands */
  note?: 'no-file-header' | 'header-not-first';
}

const stay = (place: Place, refused: Move['refused']): Move =>
  refused ? { to: place, refused } : { to: place };

/** Every record kind in every place: the whole grammar, tolerant of what real files do. */
export const MOVES: Readonly<Record<Place, Readonly<Record<RecordKind, Move>>>> = {
  before: {
    'file-header': { to: 'file' },
    'lote-header': { to: 'lote', note: 'no-file-header' },
    detail: stay('before', 'orphan-detail'),
    'lote-trailer': stay('before', 'orphan-lote-trailer'),
    'file-trailer': { to: 'after' },
    unknown: stay('before', 'record-type'),
  },
  file: {
    // a second header is refused by the reader, which knows whether there was a first
    'file-header': { to: 'file', note: 'header-not-first' },
    'lote-header': { to: 'lote' },
    detail: stay('file', 'orphan-detail'),
    'lote-trailer': stay('file', 'orphan-lote-trailer'),
    'file-trailer': { to: 'after' },
    unknown: stay('file', 'record-type'),
  },
  lote: {
    'file-header': { to: 'lote', note: 'header-not-first' },
    'lote-header': { to: 'lote', closesLote: true },
    detail: { to: 'lote' },
    'lote-trailer': { to: 'file' },
    'file-trailer': { to: 'after', closesLote: true },
    unknown: stay('lote', 'record-type'),
  },
  after: {
    'file-header': stay('after', 'after-trailer'),
    'lote-header': stay('after', 'after-trailer'),
    detail: stay('after', 'after-trailer'),
    'lote-trailer': stay('after', 'after-trailer'),
    'file-trailer': stay('after', 'after-trailer'),
    unknown: stay('after', 'after-trailer'),
  },
};

/** Whether a refused record still counts among the file's records (the trailer's count): a CNAB record out of place does, a line past the end or of no known type does not. */
export const countsAsRecord = (move: Move): boolean =>
  move.refused !== 'after-trailer' && move.refused !== 'record-type';
