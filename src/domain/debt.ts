/**
 * A late quota updated to a day (#69): the correction by an index, then the interest and the fine on the corrected
 * value, each rounded half up to the cent where it is computed, every step a line a person can check. Where the
 * convention is silent the law of each day applies, the quota's period split at 30/08/2024 (Lei 14.905/2024):
 * before, 1% a month (CC art. 1.336 §1º's old text) and the INPC (the TJSP tabela prática's index); from it, the
 * taxa legal (art. 406, Res. CMN 5.171/2024) and the IPCA (art. 389 sole paragraph).
 */
import { type Decimal, decimalText } from './apportion.js';
import { type ChargeRules, ChargesError, fineFor } from './charges.js';
import { daysBetween, daysInMonth, formatDateBr, formatMonthBr, lastDayOf, monthOf } from './dates.js';
import {
  emptyProvenance,
  factorBetween,
  factorText,
  type IndexTables,
  nextMonth,
  ONE,
  type Provenance,
  proRataFactor,
  taxaLegal,
} from './index-series.js';

/**
 * The tables a calculation by `rules` reads: the convention's index, or the INPC and the IPCA where it is silent;
 * the taxa legal's (its own table, else the Selic and the IPCA-15) where the interest is the law's. A server is
 * asked for these only.
 */
export function seriesRead(rules: ChargeRules): string[] {
  return [
    ...(rules.correction ? [rules.correction.index] : ['INPC', 'IPCA']),
    ...(rules.interest.kind === 'legal' ? ['TAXA_LEGAL', 'SELIC', 'IPCA15'] : []),
  ];
}

/** The day Lei 14.905/2024 took effect: a silent convention's interest and correction change here. */
export const LEI_14905_FROM = '2024-08-30';
/** The first whole month under it: the correction by whole months changes index here. */
const LEI_14905_MONTH = '2024-09';

export interface DebtLine {
  readonly step: 'principal' | 'correction' | 'interest' | 'fine' | 'total';
  readonly cents: number;
  /** how it was reached: the index's months and factor, the days and rate, the percentage */
  readonly detail: string;
}

export interface Debt {
  readonly principal_cents: number;
  readonly correction_cents: number;
  readonly interest_cents: number;
  readonly fine_cents: number;
  readonly total_cents: number;
  /** the correction's factor at 15 decimals ("1.012345678901234"), 1 where nothing was corrected */
  readonly factor: string;
  readonly days: number;
  readonly lines: readonly DebtLine[];
  /** the tables its figures were read from */
  readonly index_sources: readonly string[];
  /** "IPCA 10/2026": months the sandbox made up that this figure rests on */
  readonly made_up: readonly string[];
}

/** `cents × factor / ONE`, half up. */
const times = (cents: number, factor: bigint): number => {
  const scaled = BigInt(cents) * factor;
  const whole = scaled / ONE;
  return Number((scaled % ONE) * 2n >= ONE ? whole + 1n : whole);
};

/** `num / den` cents, half up (both positive). */
const halfUp = (num: bigint, den: bigint) => Number((num * 2n + den) / (2n * den));

const span = (months: readonly string[]) => {
  const [first, last] = [months[0], months.at(-1)];
  if (!first || !last) return '—';
  return first === last ? formatMonthBr(first) : `${formatMonthBr(first)} a ${formatMonthBr(last)}`;
};

const needTable = (tables: IndexTables, code: string, line: number) => {
  const series = tables.get(code);
  if (!series)
    throw new ChargesError(line, {
      en: `correcao.indice: no ${code} table at hand: import the official one (condo indexes import FILE --index ${code})`,
      pt: `correcao.indice: não há tabela do ${code}: importe a oficial (condo indexes import ARQUIVO --index ${code})`,
    });
  return series;
};

/** The correction factor from the due date's month to the calculation's, and its line's words. */
function correctionOf(
  rules: ChargeRules,
  due: string,
  asOf: string,
  tables: IndexTables,
  seen: Provenance,
): { factor: bigint; detail: string } {
  const [from, to] = [monthOf(due), monthOf(asOf)];
  const c = rules.correction;
  if (c) {
    const series = needTable(tables, c.index, c.line);
    const proRata = c.method === 'pro_rata';
    const got: {
      factor: bigint;
      months: string[];
      ends?: readonly [Decimal, Decimal] | undefined;
      values?: string[] | undefined;
    } = proRata ? proRataFactor(series, due, asOf, seen) : factorBetween(series, from, to, seen);
    const floored = c.deflation === 'nunca_reduz' && got.factor < ONE;
    const factor = floored ? ONE : got.factor;
    const how = proRata
      ? `pro rata die de ${formatDateBr(due)} a ${formatDateBr(asOf)} (${span(got.months)})`
      : got.ends
        ? `fatores de ${formatMonthBr(from)} (${decimalText(got.ends[0])}) e de ${formatMonthBr(to)} (${decimalText(got.ends[1])})`
        : `${got.months.length} ${got.months.length === 1 ? 'mês' : 'meses'} (${got.values?.join('; ') ?? span(got.months)})`;
    return {
      factor,
      detail: `${c.index}, ${how}, fator ${factorText(factor)}${floored ? ' (deflação: nunca reduz)' : ''}`,
    };
  }
  // silent: the INPC for the months before the law's first whole month, the IPCA from it; deflation applied
  const parts: string[] = [];
  let factor = ONE;
  const stretches = [
    ['INPC', from, to < LEI_14905_MONTH ? to : LEI_14905_MONTH],
    ['IPCA', from > LEI_14905_MONTH ? from : LEI_14905_MONTH, to],
  ] as const;
  for (const [code, a, b] of stretches) {
    if (a >= b) continue;
    const got = factorBetween(needTable(tables, code, 0), a, b, seen);
    factor = (factor * got.factor) / ONE;
    parts.push(`${code} ${got.values?.join('; ') ?? span(got.months)}`);
  }
  return {
    factor,
    detail:
      parts.length === 0
        ? 'convenção sem índice: nenhum mês a corrigir'
        : `convenção sem índice (INPC até 08/2024, IPCA depois, CC art. 389 parágrafo único): ${parts.join(' × ')}, fator ${factorText(factor)}`,
  };
}

/** One stretch of interest: its cents and its line's words. */
export interface InterestPart {
  readonly cents: number;
  readonly detail: string;
}

/**
 * The interest on `baseCents` for the days from `from` to `to` by `rules`: the convention's rate, or, where it is
 * silent or says `taxa: legal`, 1% a month before 30/08/2024 and the taxa legal from then, each part rounded to the
 * cent on its own.
 */
export function interestOver(
  baseCents: number,
  from: string,
  to: string,
  rules: ChargeRules,
  tables: IndexTables,
  seen: Provenance = emptyProvenance(),
): InterestPart[] {
  if (from >= to) return [];
  const j = rules.interest;
  if (j.kind === 'percent') {
    const days = daysBetween(from, to);
    const months = j.count === 'dias/30' ? { num: BigInt(days), den: 30n } : actualMonths(from, to);
    const cents = halfUp(
      BigInt(baseCents) * j.perMonth.units * months.num,
      100n * 10n ** BigInt(j.perMonth.scale) * months.den,
    );
    return [{ cents, detail: `${decimalText(j.perMonth)}% ao mês, ${days} dias (${j.count})` }];
  }
  const parts: InterestPart[] = [];
  const oldEnd = to < LEI_14905_FROM ? to : LEI_14905_FROM;
  if (from < oldEnd) {
    const days = daysBetween(from, oldEnd);
    parts.push({
      cents: halfUp(BigInt(baseCents) * BigInt(days), 100n * 30n),
      // the split is said where it falls inside the period
      detail: `1% ao mês, ${days} dias (dias/30)${oldEnd === LEI_14905_FROM ? ` até ${formatDateBr(lastDay(oldEnd))}` : ''} (CC art. 1.336 §1º, texto anterior)`,
    });
  }
  const newStart = from > LEI_14905_FROM ? from : LEI_14905_FROM;
  if (newStart < to) parts.push(legalInterest(baseCents, newStart, to, tables, seen));
  return parts;
}

const lastDay = (exclusiveEnd: string) => {
  const d = new Date(`${exclusiveEnd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The taxa legal from `from` to `to`, simple: each month's rate times its days over the month's length, summed. */
function legalInterest(
  baseCents: number,
  from: string,
  to: string,
  tables: IndexTables,
  seen: Provenance,
): InterestPart {
  // a common denominator: the month lengths' product (28..31) times the rates' 10^4
  const den = 28n * 29n * 30n * 31n * 10n ** 6n;
  let sum = 0n; // percent × den
  let computed = false;
  const rates: string[] = [];
  for (let day = from; day < to; ) {
    const month = monthOf(day);
    const end = to <= lastDayOf(month) ? to : `${nextMonth(month)}-01`;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const rate = taxaLegal(tables, month, seen);
    computed ||= rate.computed;
    const { units, scale } = rate.percent;
    const atScale = scale <= 6 ? units * 10n ** BigInt(6 - scale) : units / 10n ** BigInt(scale - 6);
    sum += (atScale * BigInt(daysBetween(day, end)) * (den / 10n ** 6n)) / BigInt(daysInMonth(y, m));
    rates.push(`${formatMonthBr(month)} ${decimalText(rate.percent)}%`);
    day = end;
  }
  const cents = halfUp(BigInt(baseCents) * sum, 100n * den);
  const days = daysBetween(from, to);
  return {
    cents,
    detail: `taxa legal${computed ? ' (Selic ÷ IPCA-15 do mês anterior, Res. CMN 5.171/2024)' : ' (BCB)'}, juros simples, ${days} dias desde ${formatDateBr(from)}: ${rates.join('; ')}`,
  };
}

/** The quota of `principalCents` due on `due`, updated to `asOf` by `rules` over the `tables` at hand. */
export function updateDebt(
  principalCents: number,
  due: string,
  asOf: string,
  rules: ChargeRules,
  tables: IndexTables,
): Debt {
  const seen = emptyProvenance();
  // the memória de cálculo's words are Portuguese, as the court reads them
  const lines: DebtLine[] = [
    { step: 'principal', cents: principalCents, detail: `vencimento ${formatDateBr(due)}` },
  ];
  const days = Math.max(0, daysBetween(due, asOf));
  const { factor, detail } =
    days > 0
      ? correctionOf(rules, due, asOf, tables, seen)
      : { factor: ONE, detail: 'em dia: nada a corrigir' };
  const corrected = times(principalCents, factor);
  lines.push({ step: 'correction', cents: corrected - principalCents, detail });
  // interest, simple, pro rata die, on the corrected value or the nominal
  const nominal = rules.interest.kind === 'percent' && rules.interest.base === 'nominal';
  const parts = interestOver(nominal ? principalCents : corrected, due, asOf, rules, tables, seen);
  for (const p of parts)
    lines.push({
      step: 'interest',
      cents: p.cents,
      detail: `${p.detail}, sobre o valor ${nominal ? 'nominal' : 'corrigido'}`,
    });
  const interest = parts.reduce((t, p) => t + p.cents, 0);
  // the fine on the corrected value, within the law's cap for the quota's date
  const finePct = fineFor(rules, due);
  const fine = days > 0 ? times(corrected, (finePct.units * ONE) / 10n ** BigInt(finePct.scale + 2)) : 0;
  lines.push({
    step: 'fine',
    cents: fine,
    detail: rules.fine ? `${decimalText(finePct)}% sobre o valor corrigido` : 'a convenção não prevê multa',
  });
  const total = corrected + interest + fine;
  lines.push({ step: 'total', cents: total, detail: `em ${formatDateBr(asOf)}` });
  return {
    principal_cents: principalCents,
    correction_cents: corrected - principalCents,
    interest_cents: interest,
    fine_cents: fine,
    total_cents: total,
    factor: factorText(factor, '.'),
    days,
    lines,
    index_sources: [...seen.sources].sort(),
    made_up: [...new Set(seen.madeUp)],
  };
}

/** The months from `from` to `to` counted by actual days: each month's days over its length, as a fraction. */
function actualMonths(from: string, to: string): { num: bigint; den: bigint } {
  const den = 28n * 29n * 30n * 31n;
  let num = 0n;
  for (let day = from; day < to; ) {
    const month = monthOf(day);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const end = to <= lastDayOf(month) ? to : `${nextMonth(month)}-01`;
    num += (BigInt(daysBetween(day, end)) * den) / BigInt(daysInMonth(y, m));
    day = end;
  }
  return { num, den };
}

export type { Decimal };
