/**
 * A late quota updated to a day (#69): the correction by an index's monthly changes, then the interest and the fine
 * on the corrected value, each rounded half up to the cent where it is computed, every step a line a person can
 * check. Factors are products of decimals at fixed precision (never floats); the TJSP's tabela prática divides by
 * the factor of the due date's month and multiplies by the calculation's month's, which is the product of the
 * months between (its factors follow the INPC month by month).
 */
import { type Decimal, decimalText } from './apportion.js';
import { type ChargeRules, ChargesError, fineFor } from './charges.js';
import {
  addMonthsClamped,
  daysBetween,
  daysInMonth,
  formatDateBr,
  formatMonthBr,
  lastDayOf,
  monthOf,
} from './dates.js';

/** Factors are kept at this many decimals; only the amounts they give are rounded, to the cent. */
const SCALE = 15;
const ONE = 10n ** BigInt(SCALE);

/** An index's monthly changes in percent (0,39 for 0,39%), by month (YYYY-MM), and where they were read. */
export interface IndexSeries {
  readonly code: string;
  readonly source: string;
  readonly rates: ReadonlyMap<string, Decimal>;
}

/** A series written as "YYYY-MM:rate" pairs (0,39 or -0,23), as domain/index-snapshot.ts keeps them. */
export function parseSeries(text: string, code: string, source: string): IndexSeries {
  const rates = new Map<string, Decimal>();
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const m = /^(\d{4}-\d{2}):(-?)(\d+)(?:,(\d+))?$/.exec(pair);
    if (!m) throw new RangeError(`${code}: "${pair}" is not a month and its change`);
    const digits = `${m[3]}${m[4] ?? ''}`;
    rates.set(m[1] as string, { units: BigInt(digits) * (m[2] ? -1n : 1n), scale: (m[4] ?? '').length });
  }
  return { code, source, rates };
}

export interface DebtLine {
  /** principal, correction, interest, fine, total */
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
}

/** The first day of the month after `date`'s. */
const nextMonthFirst = (date: string) => addMonthsClamped(`${monthOf(date)}-01`, 1);

/** `cents × factor / ONE`, half up. */
const times = (cents: number, factor: bigint): number => {
  const scaled = BigInt(cents) * factor;
  const whole = scaled / ONE;
  return Number((scaled % ONE) * 2n >= ONE ? whole + 1n : whole);
};

/**
 * The product of (1 + the month's change) from the due date's month to the month before the calculation's, by
 * whole months (the tabela prática's method). A month the series lacks refuses, naming it.
 */
export function correctionFactor(
  series: IndexSeries,
  due: string,
  asOf: string,
): { factor: bigint; months: string[] } {
  let factor = ONE;
  const months: string[] = [];
  for (let m = monthOf(due); m < monthOf(asOf); m = monthOf(nextMonthFirst(`${m}-01`))) {
    const rate = series.rates.get(m);
    if (!rate)
      throw new ChargesError(0, {
        en: `${series.code} has no value for ${formatMonthBr(m)} (${series.source}): import a table that has it`,
        pt: `${series.code} não tem valor para ${formatMonthBr(m)} (${series.source}): importe uma tabela que o tenha`,
      });
    // (1 + rate/100), rate at its own scale: rate.units / 10^(scale + 2)
    const change = (rate.units * ONE) / 10n ** BigInt(rate.scale + 2);
    factor = (factor * (ONE + change)) / ONE;
    months.push(m);
  }
  return { factor, months };
}

/** The quota of `principalCents` due on `due`, updated to `asOf` by `rules`, `series` the convention's index. */
export function updateDebt(
  principalCents: number,
  due: string,
  asOf: string,
  rules: ChargeRules,
  series: IndexSeries | undefined,
): Debt {
  // the memória de cálculo's words are Portuguese, as the court reads them
  const lines: DebtLine[] = [
    { step: 'principal', cents: principalCents, detail: `vencimento ${formatDateBr(due)}` },
  ];
  const days = Math.max(0, daysBetween(due, asOf));
  // the correction first: by the convention's index, whole months; deflation as the file says
  let factor = ONE;
  let months: string[] = [];
  if (rules.correction?.method === 'pro_rata')
    throw new ChargesError(rules.correction.line, {
      en: 'correcao.metodo: pro_rata is not built yet: mes_cheio (the tabela prática) is',
      pt: 'correcao.metodo: pro_rata ainda não foi construído: mes_cheio (a tabela prática) foi',
    });
  if (rules.correction && series && days > 0) {
    ({ factor, months } = correctionFactor(series, due, asOf));
    if (rules.correction.deflation === 'nunca_reduz' && factor < ONE) factor = ONE;
  }
  const corrected = times(principalCents, factor);
  const correction = corrected - principalCents;
  lines.push({
    step: 'correction',
    cents: correction,
    detail: rules.correction
      ? `${rules.correction.index}, ${months.length} meses (${months[0] ? formatMonthBr(months[0]) : '—'} a ${months.at(-1) ? formatMonthBr(months.at(-1) as string) : '—'}), fator ${decimalText({ units: factor, scale: SCALE })}`
      : 'sem índice na convenção',
  });
  // interest, simple, pro rata die, on the corrected value or the nominal
  let interest = 0;
  let interestDetail = '';
  if (rules.interest.kind === 'percent') {
    const base = rules.interest.base === 'corrigido' ? corrected : principalCents;
    const rate = rules.interest.perMonth;
    const monthsFraction =
      rules.interest.count === 'dias/30' ? { num: BigInt(days), den: 30n } : actualMonths(due, asOf);
    // base × rate% × months, half up
    const num = BigInt(base) * rate.units * monthsFraction.num;
    const den = 100n * 10n ** BigInt(rate.scale) * monthsFraction.den;
    interest = Number((num * 2n + den) / (2n * den));
    interestDetail = `${decimalText(rate)}% ao mês, ${days} dias (${rules.interest.count}), sobre ${rules.interest.base === 'corrigido' ? 'o valor corrigido' : 'o valor nominal'}`;
  } else
    throw new ChargesError(rules.interest.line, {
      en: 'juros: taxa legal needs the BCB taxa legal series, not yet shipped: give percentual_mes',
      pt: 'juros: a taxa legal precisa da série do BCB, ainda não incluída: informe percentual_mes',
    });
  lines.push({ step: 'interest', cents: interest, detail: interestDetail });
  // the fine on the corrected value, within the law's cap for the quota's date
  const finePct = fineFor(rules, due);
  const fine = days > 0 ? times(corrected, (finePct.units * ONE) / 10n ** BigInt(finePct.scale + 2)) : 0;
  lines.push({ step: 'fine', cents: fine, detail: `${decimalText(finePct)}% sobre o valor corrigido` });
  const total = corrected + interest + fine;
  lines.push({ step: 'total', cents: total, detail: `em ${formatDateBr(asOf)}` });
  return {
    principal_cents: principalCents,
    correction_cents: correction,
    interest_cents: interest,
    fine_cents: fine,
    total_cents: total,
    factor: decimalText({ units: factor, scale: SCALE }, '.'),
    days,
    lines,
  };
}

/** The months from `due` to `asOf` counted by actual days: each month's days over its length, as a fraction. */
function actualMonths(due: string, asOf: string): { num: bigint; den: bigint } {
  // a common denominator of the month lengths (28..31): their product keeps it exact
  const den = 28n * 29n * 30n * 31n;
  let num = 0n;
  let day = due;
  while (day < asOf) {
    const [y, m] = day.split('-').map(Number) as [number, number];
    const length = daysInMonth(y, m);
    const until = asOf <= lastDayOf(monthOf(day)) ? asOf : nextMonthFirst(day);
    num += (BigInt(daysBetween(day, until)) * den) / BigInt(length);
    day = until;
  }
  return { num, den };
}
