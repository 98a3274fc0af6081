/**
 * Monetary indexes month by month (#69): a series of monthly changes (IBGE's IPCA, INPC, IPCA-15; the BCB's
 * Selic accumulated in the month) or a table of factors (the TJSP's tabela prática), each month knowing the table
 * it came from and whether the sandbox made it up. The correction between two months and the taxa legal of a month
 * (Res. CMN 5.171/2024) are worked out here at fixed precision, never in floats.
 */
import { type Decimal, decimalText } from './apportion.js';
import { ChargesError } from './charges.js';
import { addMonthsClamped, daysInMonth, formatMonthBr, monthOf } from './dates.js';

/** Factors are kept at this many decimals; only the amounts they give are rounded, to the cent. */
export const SCALE = 15;
export const ONE = 10n ** BigInt(SCALE);

/** The codes a table can be kept for: the convention's five, and the taxa legal's inputs (and the BCB's figure). */
export const SERIES_CODES = [
  'IPCA',
  'IGPM',
  'INPC',
  'INCC',
  'TJSP',
  'IPCA15',
  'SELIC',
  'TAXA_LEGAL',
] as const;
export type SeriesCode = (typeof SERIES_CODES)[number];

export interface MonthValue {
  /** the month's change in percent (0,39 for 0,39%); or, in a factor table, the month's factor */
  readonly value: Decimal;
  /** the table it was read from */
  readonly source: string;
  /** a value the sandbox made up for a month after its real data */
  readonly madeUp: boolean;
}

export interface IndexSeries {
  readonly code: string;
  /** `rates`: each month's change; `factors`: each month's factor, a correction their ratio (the tabela prática) */
  readonly kind: 'rates' | 'factors';
  readonly months: ReadonlyMap<string, MonthValue>;
}

/** The tables at hand, by code. */
export type IndexTables = ReadonlyMap<string, IndexSeries>;

/** A series written as "YYYY-MM:rate" pairs (0,39 or -0,23), as domain/index-snapshot.ts keeps them. */
export function parseSeries(text: string, code: string, source: string): IndexSeries {
  const months = new Map<string, MonthValue>();
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const m = /^(\d{4}-\d{2}):(-?\d+(?:,\d+)?)$/.exec(pair);
    const value = m ? decimalOf(m[2] as string) : undefined;
    if (!m || !value) throw new RangeError(`${code}: "${pair}" is not a month and its change`);
    months.set(m[1] as string, { value, source, madeUp: false });
  }
  return { code, kind: 'rates', months };
}

/** "-0,23" or "1.5" as a decimal, sign kept. */
export function decimalOf(text: string): Decimal | undefined {
  const m = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  return { units: BigInt(`${m[2]}${fraction}`) * (m[1] ? -1n : 1n), scale: fraction.length };
}

/**
 * One series of `code` from tables laid over each other, the first that has a month giving it: an official table the
 * user imported before the snapshot condo ships, and that before what the server serves.
 */
export function layered(code: string, layers: readonly (IndexSeries | undefined)[]): IndexSeries | undefined {
  const present = layers.filter((l): l is IndexSeries => l !== undefined);
  const first = present[0];
  if (!first) return undefined;
  // a factor table is not mixed with changes: its factors mean something only against each other
  const same = present.filter((l) => l.kind === first.kind);
  const months = new Map<string, MonthValue>();
  for (const layer of [...same].reverse()) for (const [m, v] of layer.months) months.set(m, v);
  return { code, kind: first.kind, months };
}

export const nextMonth = (month: string) => monthOf(addMonthsClamped(`${month}-01`, 1));
const previousMonth = (month: string) => monthOf(addMonthsClamped(`${month}-01`, -1));

/** What a correction or a rate rested on: the tables read and the made-up months among them. */
export interface Provenance {
  readonly sources: Set<string>;
  /** "IPCA 10/2026", a month the sandbox made up */
  readonly madeUp: string[];
}

export const emptyProvenance = (): Provenance => ({ sources: new Set(), madeUp: [] });

function valueAt(series: IndexSeries, month: string, seen: Provenance): Decimal {
  const v = series.months.get(month);
  if (!v)
    throw new ChargesError(0, {
      en: `${series.code} has no value for ${formatMonthBr(month)}: import a table that has it (condo indexes import FILE --index ${series.code})`,
      pt: `${series.code} não tem valor para ${formatMonthBr(month)}: importe uma tabela que o tenha (condo indexes import ARQUIVO --index ${series.code})`,
    });
  seen.sources.add(v.source);
  if (v.madeUp) seen.madeUp.push(`${series.code} ${formatMonthBr(month)}`);
  return v.value;
}

/** `d` at SCALE decimals, its percent divided by 100 where `percent`. */
const scaled = (d: Decimal, percent: boolean): bigint =>
  (d.units * ONE) / 10n ** BigInt(d.scale + (percent ? 2 : 0));

/**
 * The correction factor from the month of `fromMonth` to the month of `toMonth` (exclusive), by whole months: the
 * product of (1 + the month's change), or, for a factor table, the factor of `toMonth` over that of `fromMonth`
 * (the tabela prática: divide by the due month's factor, multiply by the calculation month's).
 */
export function factorBetween(
  series: IndexSeries,
  fromMonth: string,
  toMonth: string,
  seen: Provenance,
): { factor: bigint; months: string[]; ends?: readonly [Decimal, Decimal]; values?: string[] } {
  if (fromMonth >= toMonth) return { factor: ONE, months: [], values: [] };
  if (series.kind === 'factors') {
    const ends = [valueAt(series, fromMonth, seen), valueAt(series, toMonth, seen)] as const;
    const [from, to] = [scaled(ends[0], false), scaled(ends[1], false)];
    return { factor: (to * ONE) / from, months: [fromMonth, toMonth], ends };
  }
  let factor = ONE;
  const months: string[] = [];
  // each month's change as a memória shows it: "03/2025 0,56%"
  const values: string[] = [];
  for (let m = fromMonth; m < toMonth; m = nextMonth(m)) {
    const change = valueAt(series, m, seen);
    factor = (factor * (ONE + scaled(change, true))) / ONE;
    months.push(m);
    values.push(`${formatMonthBr(m)} ${decimalText(change)}%`);
  }
  return { factor, months, values };
}

/**
 * The taxa legal of `month` in percent (Res. CMN 5.171/2024 art. 2): the BCB's published figure where a table of it
 * is at hand; else worked out as the previous month's Selic factor over its IPCA-15 factor, less 1, at six decimals
 * (NBR 5891), a negative month counting as zero.
 */
export function taxaLegal(
  tables: IndexTables,
  month: string,
  seen: Provenance,
): { percent: Decimal; computed: boolean } {
  const published = tables.get('TAXA_LEGAL');
  if (published?.months.has(month)) return { percent: valueAt(published, month, seen), computed: false };
  const before = previousMonth(month);
  const selic = tables.get('SELIC');
  const ipca15 = tables.get('IPCA15');
  if (!selic || !ipca15)
    throw new ChargesError(0, {
      en: `the taxa legal of ${formatMonthBr(month)} needs the Selic and the IPCA-15 of ${formatMonthBr(before)}: import the BCB's series (condo indexes import FILE --index SELIC)`,
      pt: `a taxa legal de ${formatMonthBr(month)} precisa da Selic e do IPCA-15 de ${formatMonthBr(before)}: importe a série do BCB (condo indexes import ARQUIVO --index SELIC)`,
    });
  const s = ONE + scaled(valueAt(selic, before, seen), true);
  const i = ONE + scaled(valueAt(ipca15, before, seen), true);
  // (s / i − 1) as a fraction at six decimals, half to even: the percent then has four
  const num = (s - i) * 1_000_000n;
  const fraction = roundHalfEven(num, i);
  return { percent: { units: fraction < 0n ? 0n : fraction, scale: 4 }, computed: true };
}

/** num / den to the nearest integer, a tie to the even one (NBR 5891's rule for a trailing 5). */
export function roundHalfEven(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let q = n / d;
  const twice = (n % d) * 2n;
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** A factor as a person reads it: "1,012345678901234". */
export const factorText = (factor: bigint, separator = ',') =>
  decimalText({ units: factor, scale: SCALE }, separator);

/** "IPCA 01/2026", "IPCA 02/2026", "SELIC 07/2024" as runs: "IPCA 01/2026–02/2026", "SELIC 07/2024". */
export function monthRuns(months: readonly string[]): string[] {
  const byCode = new Map<string, string[]>();
  for (const m of months) {
    const [code, mmYyyy] = m.split(' ') as [string, string];
    const [mm, yyyy] = mmYyyy.split('/');
    byCode.set(code, [...(byCode.get(code) ?? []), `${yyyy}-${mm}`]);
  }
  const runs: string[] = [];
  for (const [code, list] of byCode) {
    const sorted = [...new Set(list)].sort();
    let start = sorted[0] as string;
    let last = start;
    const close = () =>
      runs.push(`${code} ${formatMonthBr(start)}${start === last ? '' : `–${formatMonthBr(last)}`}`);
    for (const m of sorted.slice(1)) {
      if (m === nextMonth(last)) last = m;
      else {
        close();
        start = m;
        last = m;
      }
    }
    close();
  }
  return runs;
}

/**
 * The correction factor from the day `from` to the day `to`, pro rata die (#69): each table's month factor F(m)
 * carries the changes before m (the tabela prática's reading), and a day's factor is its month's raised towards the
 * next by the days gone: F(d) = F(m) × (1 + r(m))^((day − 1) / days in m), or for a factor table
 * F(m) × (F(m+1) / F(m))^(…). The whole months are multiplied exactly; only the two partial months' powers are
 * taken in floating point (a relative error near 1e-16, far below a cent). A day on the 1st needs nothing of its
 * month; any other needs the month's change, which IBGE publishes the month after: until then it is refused.
 */
export function proRataFactor(
  series: IndexSeries,
  from: string,
  to: string,
  seen: Provenance,
): { factor: bigint; months: string[] } {
  if (from >= to) return { factor: ONE, months: [] };
  const whole = factorBetween(series, monthOf(from), monthOf(to), seen);
  const partial = (day: string): bigint => {
    const month = monthOf(day);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    if (d === 1) return ONE;
    const step =
      series.kind === 'factors'
        ? (scaled(valueAt(series, nextMonth(month), seen), false) * ONE) /
          scaled(valueAt(series, month, seen), false)
        : ONE + scaled(valueAt(series, month, seen), true);
    const power = (Number(step) / Number(ONE)) ** ((d - 1) / daysInMonth(y, m));
    return BigInt(Math.round(power * Number(ONE)));
  };
  const factor = (((whole.factor * partial(to)) / ONE) * ONE) / partial(from);
  // the months read: the whole ones, and the calculation's own where a day of it counts
  const last = to.endsWith('-01') ? [] : [monthOf(to)];
  return { factor, months: [...new Set([...whole.months, monthOf(from), ...last])].sort() };
}
