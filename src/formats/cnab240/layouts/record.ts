/**
 * The mechanics of CNAB 240 record layouts: a layout is a table of fields with FEBRABAN's 1-based inclusive
 * positions, its name and its kind. The writer fills them (`writeRecord`), the reader extracts from them (`read`)
 * and the return writer patches them (`patchRecord`), so a position is written in one place. The tables
 * themselves are per dialect: febraban.ts, itau.ts, caixa.ts.
 */
import { FormatError } from '../../../domain/errors.js';
import { alpha, num, RECORD_LENGTH } from '../fields.js';

/**
 * `num`: digits, zero-padded; `alpha`: folded upper-case text, space-padded; `raw`: verbatim text (a PIX key);
 * `blank` and `zeros`: fillers; a field with `value` always holds it.
 */
export type FieldKind = 'num' | 'alpha' | 'raw' | 'blank' | 'zeros';

export interface LayoutField {
  from: number;
  to: number;
  name: string;
  kind: FieldKind;
  value?: string | number;
}

export interface Layout {
  name: string;
  fields: readonly LayoutField[];
  /**
   * The fields by name, as an object's properties: a big file's fields are read by name millions of times, and a
   * property is found faster than a map's key (the names come from this code, never from a file).
   */
  byName: Readonly<Record<string, LayoutField>>;
}

/** A complete record layout: its fields must cover 1..240 in order, without gaps or overlaps. */
export function layout(name: string, fields: readonly LayoutField[]): Layout {
  let next = 1;
  for (const f of fields) {
    if (f.from !== next || f.to < f.from)
      throw new FormatError(
        `internal: layout ${name}: ${f.name} at ${f.from}-${f.to}, expected to start at ${next}`,
      );
    next = f.to + 1;
  }
  if (next !== RECORD_LENGTH + 1)
    throw new FormatError(`internal: layout ${name} ends at ${next - 1}, not 240`);
  return readingLayout(name, fields);
}

/**
 * The fields a reader takes from a record it never writes (collection segments, companions): named positions,
 * without the whole-record check of `layout`.
 */
export function readingLayout(name: string, fields: readonly LayoutField[]): Layout {
  return { name, fields, byName: Object.fromEntries(fields.map((f) => [f.name, f])) };
}

/** A bank's reading of a layout: the named fields it moves or adds, the rest as the base has them. */
export function variant(base: Layout, name: string, moved: readonly LayoutField[]): Layout {
  const byName = { ...base.byName };
  for (const f of moved) byName[f.name] = f;
  return { name, fields: base.fields, byName };
}

export const f = (
  from: number,
  to: number,
  name: string,
  kind: FieldKind,
  value?: string | number,
): LayoutField => (value === undefined ? { from, to, name, kind } : { from, to, name, kind, value });

function fieldOf(l: Layout, name: string): LayoutField {
  const at = l.byName[name];
  // an inherited property (a name such as "toString") has no position
  if (at?.from === undefined) throw new FormatError(`internal: layout ${l.name} has no field ${name}`);
  return at;
}

/** The layout's field of that name, if it has one (its own, not an object's inherited property). */
export function fieldNamed(l: Layout, name: string): LayoutField | undefined {
  return Object.hasOwn(l.byName, name) ? l.byName[name] : undefined;
}

/** A named field of a record, as text (positions from the layout). */
export function read(l: Layout, rec: string, name: string): string {
  const at = fieldOf(l, name);
  return rec.slice(at.from - 1, at.to);
}

/** A record's fields by name: `const at = fieldsOf(SEGMENT_J, rec); at('barcode')`. */
export const fieldsOf =
  (l: Layout, rec: string) =>
  (name: string): string =>
    read(l, rec, name);

/** Where a field lies in a record, as `String.prototype.slice` takes it: 0-based, its end excluded. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The named fields' spans, looked up once, when the module that asks loads (a name the layout lacks throws then):
 * a reader that runs on every record of a big file (a DDA's G, H and Y, by the hundred thousand) cuts its fields
 * with them (`cut`) rather than looking each name up on every record.
 */
export function spansOf<const N extends string>(l: Layout, names: readonly N[]): Readonly<Record<N, Span>> {
  const spans = {} as Record<N, Span>;
  for (const name of names) spans[name] = spanOf(l, name);
  return spans;
}

/**
 * `spansOf` for layouts known only when a record is read (a dialect's segment A): each layout's spans looked up
 * the first time it is asked for, then kept (#73: a 500,000-line remittance read each name of its A segments).
 */
export function spansFor<const N extends string>(
  names: readonly N[],
): (l: Layout) => Readonly<Record<N, Span>> {
  const made = new WeakMap<Layout, Readonly<Record<N, Span>>>();
  return (l) => {
    let spans = made.get(l);
    if (spans === undefined) {
      spans = spansOf(l, names);
      made.set(l, spans);
    }
    return spans;
  };
}

/** One named field's span (see `spansOf`). */
export function spanOf(l: Layout, name: string): Span {
  const at = fieldOf(l, name);
  return { start: at.from - 1, end: at.to };
}

/** The text of a record's field at `span` (see `spansOf`). */
export function cut(rec: string, span: Span): string {
  return rec.slice(span.start, span.end);
}

/** A record from its layout and the values of its fields; a value that does not fit names the field. */
// a filler of each width, made once (a remittance of 100 000 payments writes some three million of them)
const BLANKS = Array.from({ length: RECORD_LENGTH + 1 }, (_, n) => ' '.repeat(n));
const ZEROS = Array.from({ length: RECORD_LENGTH + 1 }, (_, n) => '0'.repeat(n));

export function writeRecord(
  l: Layout,
  values: Readonly<Record<string, string | number | null | undefined>>,
  /** Fields every record of a kind shares (a detail's bank, lote and sequence), kept apart from `values`:
   *  spreading them into each record's literal made writing a remittance three times slower. */
  common?: Readonly<Record<string, string | number>>,
): string {
  // a record is written as parts joined once: a string grown by += is a tree of ~30 pieces per record, and a
  // file's 100 000 such trees that survive to the end cost the garbage collector 70% of the writing
  const parts: string[] = [];
  for (const field of l.fields) {
    const width = field.to - field.from + 1;
    const given = field.value ?? values[field.name] ?? common?.[field.name];
    switch (field.kind) {
      case 'blank':
        parts.push(BLANKS[width] as string);
        break;
      case 'zeros':
        parts.push(ZEROS[width] as string);
        break;
      case 'num':
        parts.push(num(given ?? 0, width, field.name));
        break;
      case 'alpha':
        parts.push(alpha(given == null ? '' : String(given), width));
        break;
      case 'raw':
        parts.push(
          String(given ?? '')
            .slice(0, width)
            .padEnd(width, ' '),
        );
        break;
    }
  }
  return parts.join('');
}

/** The record with the named fields replaced; each value must fill its field exactly. */
export function patchRecord(l: Layout, rec: string, values: Readonly<Record<string, string>>): string {
  let out = rec;
  for (const [name, value] of Object.entries(values)) {
    const at = fieldOf(l, name);
    if (value.length !== at.to - at.from + 1)
      throw new FormatError(
        `internal: ${l.name}.${name} (${at.from}-${at.to}) got ${value.length} characters`,
      );
    out = out.slice(0, at.from - 1) + value + out.slice(at.to);
  }
  return out;
}
