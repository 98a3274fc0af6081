// Records built from a manual's table as the manual prints it (positions and values), independent of the code's
// layouts: the oracle of the tests that read each bank's positions.

/** A field of a manual's table: first and last position, and what goes there (digits right-aligned with zeros). */
export type Cell = [from: number, to: number, value: string];

/** A 240-position record with each cell at its place, blanks elsewhere. */
export function record(cells: readonly Cell[]): string {
  const r = [...' '.repeat(240)];
  for (const [from, to, value] of cells) {
    const width = to - from + 1;
    const text = /^\d+$/.test(value) ? value.padStart(width, '0') : value.padEnd(width, ' ');
    if (text.length !== width) throw new Error(`${value} does not fit ${from}-${to}`);
    r.splice(from - 1, width, ...text);
  }
  return r.join('');
}
