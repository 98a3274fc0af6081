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
