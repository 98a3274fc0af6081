/**
 * Bank business days in Brazil: not a Saturday or Sunday, and not a national holiday on which banks do not open —
 * the fixed ones (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023 for 20 November) and the movable ones that follow
 * Easter: Carnival Monday and Tuesday, Good Friday and Corpus Christi (FEBRABAN's bank holiday calendar). Local
 * holidays (a city's anniversary, a state's date) are not known here.
 */

import { addDays, formatDateBr, type IsoDate } from './dates.js';
import type { Text } from './text.js';

/**
 * The last day a bank processed a DOC: FEBRABAN's banks took no new DOC from 15 January 2024 and processed none
 * after 29 February 2024 (FEBRABAN, "Fim do DOC e da TEC", 2023). A DOC paid later is refused; TED and PIX
 * replace it.
 */
export const DOC_ENDED: IsoDate = '2024-02-29';

/** A DOC paid on `date` (none given: now) would come after DOC ended. */
export function afterDocEnded(date: IsoDate | null | undefined): boolean {
  return !date || date > DOC_ENDED;
}

/** Easter Sunday of a Gregorian year (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED: Record<string, string> = {
  '01-01': 'Confraternização Universal',
  '04-21': 'Tiradentes',
  '05-01': 'Dia do Trabalho',
  '09-07': 'Independência do Brasil',
  '10-12': 'Nossa Senhora Aparecida',
  '11-02': 'Finados',
  '11-15': 'Proclamação da República',
  '11-20': 'Dia Nacional de Zumbi e da Consciência Negra',
  '12-25': 'Natal',
};

/** The national bank holidays of a year, by date (worked out once a year: a file's every payment asks). */
export function bankHolidays(year: number): ReadonlyMap<IsoDate, string> {
  let known = holidaysByYear.get(year);
  if (!known) {
    known = holidaysOf(year);
    holidaysByYear.set(year, known);
  }
  return known;
}

const holidaysByYear = new Map<number, ReadonlyMap<IsoDate, string>>();

function holidaysOf(year: number): Map<IsoDate, string> {
  const out = new Map<IsoDate, string>();
  for (const [md, name] of Object.entries(FIXED)) out.set(`${year}-${md}`, name);
  // 20 November became a national holiday in 2024
  if (year < 2024) out.delete(`${year}-11-20`);
  const easter = easterSunday(year);
  out.set(addDays(easter, -48), 'Carnaval (segunda-feira)');
  out.set(addDays(easter, -47), 'Carnaval (terça-feira)');
  out.set(addDays(easter, -2), 'Sexta-feira Santa');
  out.set(addDays(easter, 60), 'Corpus Christi');
  return out;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Why a date is not a bank business day, as parts (a weekend day, or the holiday's name); null when it is one. */
export function nonBusinessDay(
  date: IsoDate,
): { weekend: 'Saturday' | 'Sunday' } | { holiday: string } | null {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (day === 0 || day === 6) return { weekend: WEEKDAYS[day] as 'Saturday' | 'Sunday' };
  const holiday = bankHolidays(Number(date.slice(0, 4))).get(date);
  return holiday ? { holiday } : null;
}

/** Why a date is not a bank business day (a weekday's name, or the holiday's), or null when it is one. */
export function notBusinessDay(date: IsoDate): string | null {
  const why = nonBusinessDay(date);
  if (why === null) return null;
  return 'weekend' in why ? `a ${why.weekend}` : `a bank holiday (${why.holiday})`;
}

/** Why a date is not a business day in both languages ("a Sunday", "um domingo"), or null. */
export function nonBusinessDayText(date: IsoDate): { en: string; pt: string } | null {
  const why = nonBusinessDay(date);
  if (why === null) return null;
  if ('holiday' in why)
    return { en: `a bank holiday (${why.holiday})`, pt: `feriado bancário (${why.holiday})` };
  return { en: `a ${why.weekend}`, pt: why.weekend === 'Sunday' ? 'um domingo' : 'um sábado' };
}

/** The first bank business day on or after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = date;
  while (notBusinessDay(d)) d = addDays(d, 1);
  return d;
}

const WEEKDAYS_PT = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];

/**
 * The same refusal as a person reads it in each language (#53): "28/11/2026 é sábado, não é dia útil bancário; o
 * próximo é 30/11/2026", and in English with ISO dates, as the API says it.
 */
export function paymentDateRefusalText(date: IsoDate): Text | null {
  const en = paymentDateRefusal(date);
  if (en === null) return null;
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  const holiday = bankHolidays(Number(date.slice(0, 4))).get(date);
  const why = day === 0 || day === 6 ? WEEKDAYS_PT[day] : `feriado bancário (${holiday})`;
  return {
    en,
    pt: `${formatDateBr(date)} é ${why}, não é dia útil bancário; o próximo é ${formatDateBr(nextBusinessDay(date))}`,
  };
}

/** The refusal for a payment date that is not a bank business day, naming the next one; null when it is one. */
export function paymentDateRefusal(date: IsoDate): string | null {
  const why = notBusinessDay(date);
  return why ? `${date} is ${why}, not a bank business day; the next one is ${nextBusinessDay(date)}` : null;
}
