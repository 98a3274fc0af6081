import { createHash } from 'node:crypto';

/**
 * The de-duplication id of a transaction that has no id of its own (CSV without an id column, OFX without FITID):
 * sha256 hex of `date`, `amountCents` and the description (trimmed, inner whitespace collapsed, NFC), joined by
 * U+001F. Identical transactions repeated in one file (two equal coffees on one day) are told apart by their
 * `occurrence` (1-based); the first keeps the plain hash, so re-exports of the same file give the same ids.
 */
export function statementTransactionHash(
  date: string,
  amountCents: number,
  description: string,
  occurrence = 1,
): string {
  const normalized = description.normalize('NFC').trim().replace(/\s+/g, ' ');
  let input = `${date}\u001f${amountCents}\u001f${normalized}`;
  if (occurrence > 1) input += `\u001f${occurrence}`;
  return createHash('sha256').update(input, 'utf8').digest('hex');
}

/** Counts repeated (date, amount, description) triples within one file, up to a bound, to number occurrences. */
export class OccurrenceCounter {
  private readonly seen = new Map<string, number>();
  private full = false;
  constructor(private readonly limit = 200_000) {}

  /** The 1-based occurrence of this triple; 1 for everything once the bound is reached. */
  next(date: string, amountCents: number, description: string): number {
    const key = `${date}\u001f${amountCents}\u001f${description.trim().replace(/\s+/g, ' ')}`;
    const count = (this.seen.get(key) ?? 0) + 1;
    if (this.seen.size < this.limit || this.seen.has(key)) this.seen.set(key, count);
    else this.full = true;
    return count;
  }

  get saturated(): boolean {
    return this.full;
  }
}
