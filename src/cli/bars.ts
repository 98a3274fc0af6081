import { formatReais } from '../domain/money.js';
import { type Io, paint, writeLine } from './io.js';

/**
 * Horizontal bars for a person (people would rather look than read): each row's values as bars scaled to the
 * largest, sized to the terminal, each with its amount. Drawn only on a terminal; numbers go to --json or csv.
 */
export interface BarRow {
  label: string;
  values: readonly number[];
}

export interface BarSeries {
  name: string;
  glyph: string;
  style: 'green' | 'red' | 'cyan' | 'yellow';
}

export function drawBars(io: Io, rows: readonly BarRow[], series: readonly BarSeries[]): void {
  const label = Math.max(...rows.map((r) => r.label.length), 0);
  const amounts = rows.flatMap((r) => r.values.map((v) => formatReais(v)));
  const amount = Math.max(...amounts.map((a) => a.length), 0);
  const columns = io.stdout.columns ?? 80;
  const room = Math.max(10, columns - label - amount - 4);
  const largest = Math.max(1, ...rows.flatMap((r) => r.values));
  writeLine(
    io.stdout,
    `${' '.repeat(label + 2)}${series.map((s) => `${paint(io, s.style, s.glyph)} ${s.name}`).join('   ')}`,
  );
  for (const row of rows) {
    row.values.forEach((value, i) => {
      const s = series[i] as BarSeries;
      const length = value > 0 ? Math.max(1, Math.round((value / largest) * room)) : 0;
      const head = i === 0 ? row.label.padEnd(label) : ' '.repeat(label);
      const bar = paint(io, s.style, s.glyph.repeat(length));
      writeLine(
        io.stdout,
        `${head}  ${bar}${' '.repeat(room - length)}  ${formatReais(value).padStart(amount)}`,
      );
    });
  }
}
