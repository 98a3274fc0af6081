/**
 * How a table fits the terminal (#53): which columns keep their natural width, which shrink or wrap, which are left
 * out, measured in terminal columns (a wide character takes two). output.ts prints by it.
 */

import stringWidth from 'string-width';

export interface TableColumnFit {
  /** the widest cell or header, in terminal columns */
  natural: number;
  /** never narrower than this (its header: a header is never cut or wrapped) */
  min?: number;
  shrinkable: boolean;
  /** left out when the terminal cannot show it, the lowest first (ties: the rightmost); 'last': only before
   * blocks; undefined: a key column */
  drop?: number | 'last';
}

export interface TableLayout {
  /** whether each column is shown */
  kept: boolean[];
  /** the kept columns' widths as cli-table3 counts them (padding included); undefined: natural widths */
  widths: number[] | undefined;
  compact: boolean;
  /** false when even the narrowest table is wider than the terminal: the list is shown as blocks instead */
  fits?: false;
  /** a column was shrunk past the comfortable width, to its last resort */
  squeezed?: true;
}

/** What narrowing reads of a column (output.ts's Column has it all). */
export interface NarrowableColumn<T> {
  value: (row: T) => unknown;
  fixed?: boolean;
  narrow?: (row: T) => unknown;
  narrowTo?: (row: T, width: number) => unknown;
}

/** A column narrowed to a width is never narrower than this. */
const NARROWEST = 8;

/** How much of a table a layout shows: its kept columns, and nothing at all when it cannot fit. */
const shownOf = (l: TableLayout) => (l.fits === false ? -1 : l.kept.filter(Boolean).length);

/**
 * The narrowed table that shows the most (#53, #66), or undefined where narrowing shows no more than the values
 * whole: every `narrow` column in its short form, where that keeps more columns; and each `narrowTo` column at the
 * widest width that keeps as many of the others as any narrower one would, cutting none of theirs where a width
 * allows, and never squeezing another column to its last resort (a payee cut to 8 reads worse than a block).
 */
export function narrowedLayout<T, C extends NarrowableColumn<T>>(
  columns: readonly C[],
  whole: { cells: string[][]; layout: TableLayout },
  tryWith: (cols: C[]) => { cells: string[][]; layout: TableLayout },
): { cells: string[][]; layout: TableLayout } | undefined {
  const short = columns.map((c) => (c.narrow ? { ...c, value: c.narrow } : c));
  const shortTry = columns.some((c) => c.narrow) ? tryWith(short) : undefined;
  const widest = Math.max(
    NARROWEST,
    ...columns.flatMap((c, i) => (c.narrowTo ? whole.cells.map((r) => textWidth(r[i] ?? '')) : [])),
  );
  const widths = columns.some((c) => c.narrowTo)
    ? Array.from({ length: widest - NARROWEST }, (_, k) => widest - 1 - k)
    : [];
  const tries = widths
    .map((width) =>
      tryWith(
        short.map((c) => {
          const to = c.narrowTo;
          return to ? { ...c, value: (row: T) => to(row, width), fixed: true } : c;
        }),
      ),
    )
    .filter((x) => !x.layout.squeezed);
  // the most columns kept; then none of theirs cut; then the widest (tries go from the widest down)
  const score = (x: { cells: string[][]; layout: TableLayout }) =>
    shownOf(x.layout) * 2 + (cutsSomething(x.layout, x.cells) ? 0 : 1);
  const candidates = [
    ...(shortTry && shownOf(shortTry.layout) > shownOf(whole.layout) ? [shortTry] : []),
    ...tries.filter((x) => score(x) > score(whole)),
  ];
  if (candidates.length === 0) return undefined;
  return candidates.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/** A shrunk column keeps this much while optional columns can still go; then it may go down to the last resort. */
const COMFORTABLE = 16;
const LAST_RESORT = 8;

/**
 * How a table fits a terminal `width` columns wide (undefined: not a terminal, nothing changes). In order, until
 * it fits: the boxed table as it is; without the box (two spaces between columns); the widest shrinkable column
 * giving up a column at a time down to 16; optional columns left out, from the right; then shrinking down to 8.
 * Ids, money and dates never shrink. Pure: unit-tested.
 */
export function tableLayout(cols: readonly TableColumnFit[], width: number | undefined): TableLayout {
  const kept = cols.map(() => true);
  const boxed = cols.reduce((n, c) => n + c.natural + 2, 0) + cols.length + 1;
  if (width === undefined || boxed <= width) return { kept, widths: undefined, compact: false };
  const shrinkTo = (floor: number) => {
    const shown = cols.filter((_, i) => kept[i]);
    const widths = shown.map((c) => c.natural);
    const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
    while (total() > width) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) {
        const w = widths[i] as number;
        const least = Math.max(floor, shown[i]?.min ?? 0);
        if (shown[i]?.shrinkable && w > least && (widest < 0 || w > (widths[widest] as number))) widest = i;
      }
      if (widest < 0) break;
      widths[widest] = (widths[widest] as number) - 1;
    }
    return { widths, fits: total() <= width };
  };
  for (;;) {
    const tried = shrinkTo(COMFORTABLE);
    if (tried.fits) return { kept: [...kept], widths: tried.widths, compact: true };
    let next = -1;
    cols.forEach((c, i) => {
      if (kept[i] && typeof c.drop === 'number' && (next < 0 || c.drop <= (cols[next]?.drop as number)))
        next = i;
    });
    if (next < 0) break;
    kept[next] = false;
  }
  for (;;) {
    const last = shrinkTo(LAST_RESORT);
    const late = cols.findLastIndex((c, i) => kept[i] && c.drop === 'last');
    if (last.fits || late < 0)
      return {
        kept,
        widths: last.widths,
        compact: true,
        squeezed: true,
        ...(last.fits ? {} : { fits: false as const }),
      };
    kept[late] = false;
  }
}

/** Printable ASCII and Latin-1 (but the soft hyphen): one column a character, no clusters to find. */
const ONE_COLUMN_EACH = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u00ff]*$/;

/** What a text takes on screen (string-width): colour codes nothing, an accented letter one, a CJK or emoji two. */
export function textWidth(text: string): number {
  // Portuguese text is Latin-1: counting it needs no grapheme segmenter (string-width makes one on first use)
  return ONE_COLUMN_EACH.test(text) ? text.length : stringWidth(text);
}

/**
 * A value on lines of at most `width` columns, broken at spaces (never inside an amount: `R$ 12.450,00` stays
 * whole); a word wider than a line (a long account number) is broken where it must. Colour codes take no room.
 */
export function wrapText(text: string, width: number): string[] {
  if (width < 1 || textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  // an amount is one word: R$ and its figure never end up on two lines
  for (const word of text.split(/(?<!R\$) /)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line) > width && !line.includes('\u001b')) {
      const chars = [...line];
      let cut = 0;
      let used = 0;
      while (cut < chars.length && used + textWidth(chars[cut] as string) <= width)
        used += textWidth(chars[cut++] as string);
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Whether a layout leaves out a column that has something in it, or narrows one below its widest cell. */
export function cutsSomething(layout: TableLayout, cells: string[][]): boolean {
  if (layout.fits === false) return true;
  if (layout.kept.some((k, i) => !k && cells.some((r) => r[i]))) return true;
  const shown = layout.kept.flatMap((k, i) => (k ? [i] : []));
  return (layout.widths ?? []).some(
    (w, j) => w < Math.max(0, ...cells.map((r) => textWidth(r[shown[j] as number] ?? ''))),
  );
}

/** A table without a box: two spaces between columns, as gh prints lists. */
export const COMPACT = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};
