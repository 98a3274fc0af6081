/**
 * The indexes' monthly values the sandbox serves (#69, an extension of GET /monetary-indexes): IBGE's IPCA, INPC and
 * IPCA-15 as condo ships them, then, for the months after that real data up to the sandbox's current month, values
 * it makes up (each its series' mean over the last twelve real months), marked, so that its seeded debts can be
 * updated to today. It has no real Selic (condo ships none): every Selic month it serves is made up.
 */
import { decimalText } from '../../domain/apportion.js';
import { monthOf } from '../../domain/dates.js';
import { nextMonth } from '../../domain/index-series.js';
import {
  INPC_SNAPSHOT,
  IPCA_SNAPSHOT,
  IPCA15_SNAPSHOT,
  SNAPSHOT_SOURCE,
} from '../../domain/index-snapshot.js';

export interface IndexValue {
  code: string;
  month: string;
  kind: 'rate' | 'factor';
  value: string;
  source: string;
  made_up: boolean;
}

/** By code; a map, so a code is only ever one of these (an object's "toString" answered a 500, found by the fuzzer) */
const REAL: ReadonlyMap<string, string> = new Map([
  ['IPCA', IPCA_SNAPSHOT],
  ['INPC', INPC_SNAPSHOT],
  ['IPCA15', IPCA15_SNAPSHOT],
]);
/** A Selic month the sandbox makes up: 0,87% (about 11% a year), from the month before the taxa legal's first. */
const MADE_UP_SELIC = { from: '2024-01', percent: '0.87' };
export const SERVED_CODES = ['IPCA', 'INPC', 'IPCA15', 'SELIC'] as const;
const MADE_UP_SOURCE = 'valores inventados pelo sandbox, após os seus dados reais';

/** `code`'s values up to the month of `today`, or undefined for an index the sandbox has no values of. */
export function indexValues(code: string, today: string): IndexValue[] | undefined {
  const last = monthOf(today);
  if (code === 'SELIC') {
    const out: IndexValue[] = [];
    for (let m = MADE_UP_SELIC.from; m <= last; m = nextMonth(m))
      out.push({
        code,
        month: m,
        kind: 'rate',
        value: MADE_UP_SELIC.percent,
        source: MADE_UP_SOURCE,
        made_up: true,
      });
    return out;
  }
  const text = REAL.get(code);
  if (!text) return undefined;
  const real = text
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [month, value] = pair.split(':') as [string, string];
      return {
        code,
        month,
        kind: 'rate' as const,
        value: value.replace(',', '.'),
        source: SNAPSHOT_SOURCE,
        made_up: false,
      };
    })
    .filter((v) => v.month <= last);
  // the mean of the last twelve real months, in hundredths of a percent, half up
  const recent = real.slice(-12).map((v) => Math.round(Number(v.value) * 100));
  const mean = Math.round(recent.reduce((t, v) => t + v, 0) / Math.max(1, recent.length));
  const madeUp = decimalText({ units: BigInt(mean), scale: 2 }, '.');
  const out = [...real];
  for (let m = nextMonth(real.at(-1)?.month ?? last); m <= last; m = nextMonth(m))
    out.push({ code, month: m, kind: 'rate', value: madeUp, source: MADE_UP_SOURCE, made_up: true });
  return out;
}
