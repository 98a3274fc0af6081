/**
 * Whether a payment return is taken (#72 point 2): one rule, read by the CLI before it sends a file ("nothing was
 * sent") and by the sandbox when a file arrives, each saying it in its own words. Checked in this order: an empty
 * file, one that cannot be read, an account statement, a remittance, a collection file, a truncated one, a
 * structure broken (return-structure.ts), and no payment carrying a seu número (it names no batch). The watch is fed
 * as the one read of the file goes, so nothing is read again to decide.
 */
import type { CnabFile, CnabMessage, CnabProblem } from './file.js';
import { breaksReturnStructure } from './return-structure.js';
import type { CnabItem } from './segments.js';

/** A payment's main detail, whose return line carries the bank's codes (B, J-52 and Z only add to it). */
export const PAYMENT_DETAIL_SEGMENTS: ReadonlySet<string> = new Set(['A', 'J', 'N', 'O']);

export type ReturnRefusal =
  | { reason: 'empty' }
  | { reason: 'unreadable'; line: number; message: string; problem: CnabMessage }
  | { reason: 'statement' }
  | { reason: 'remittance' }
  | { reason: 'collection' }
  | { reason: 'truncated'; line: number; message: string; problem: CnabMessage }
  | { reason: 'broken'; line: number; message: string; problem: CnabMessage; all: readonly CnabProblem[] }
  | { reason: 'no_seu_numero' };

/** What the rule needs of a return's items and problems, gathered as the reader reports them. */
export class ReturnWatch {
  readonly seuNumeros = new Set<string>();
  /** payments the bank's file carries without an occurrence code */
  readonly uncoded: { line: number; seu_numero: string | null }[] = [];
  /** what breaks the structure (the first twenty), each problem whole (its code says it in Portuguese too) */
  readonly broken: CnabProblem[] = [];

  onItem(item: CnabItem): void {
    if (item.seu_numero) this.seuNumeros.add(item.seu_numero);
    if (PAYMENT_DETAIL_SEGMENTS.has(item.segment) && item.occurrences.length === 0)
      this.uncoded.push({ line: item.line, seu_numero: item.seu_numero });
  }

  onProblem(problem: CnabProblem): void {
    if (breaksReturnStructure(problem) && this.broken.length < 20) this.broken.push(problem);
  }
}

/** Why a return read whole is refused, or null when it is taken. */
export function returnRefusal(file: CnabFile, watch: ReturnWatch, bytes: number): ReturnRefusal | null {
  if (bytes === 0) return { reason: 'empty' };
  const unreadable = file.errors[0];
  // the problem itself beside its line (its finding, not enumerable, says it in Portuguese too)
  if (unreadable)
    return { reason: 'unreadable', line: unreadable.line, message: unreadable.message, problem: unreadable };
  if (file.service === 'statement') return { reason: 'statement' };
  if (file.direction === 'remessa') return { reason: 'remittance' };
  if (file.service === 'collection') return { reason: 'collection' };
  if (file.truncated) {
    const where = file.warnings.find((w) => /truncated|no lote trailer|no file trailer/.test(w.message));
    const problem = where ?? { line: file.lines, message: 'the file is truncated' };
    return { reason: 'truncated', line: problem.line, message: problem.message, problem };
  }
  const [first] = watch.broken;
  if (first)
    return { reason: 'broken', line: first.line, message: first.message, problem: first, all: watch.broken };
  if (watch.seuNumeros.size === 0) return { reason: 'no_seu_numero' };
  return null;
}
