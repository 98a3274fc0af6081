/**
 * What a CNAB 240 file is, decided from what the reader saw: its service (payments or collection) and its
 * direction (remessa or retorno). Pure functions of the evidence, apart from the reading, so each rule is tested
 * on its own (test/unit/formats/cnab240/inference.test.ts).
 */

import type { Message } from '../../domain/message.js';
import { cnabFinding, type DirectionWhy } from './findings.js';

/** Which way a file goes: to the bank (remessa) or from it (retorno). */
export type CnabDirection = 'remessa' | 'retorno';
/** What its lotes do: pay (pagamento de fornecedores) or collect (cobrança). */
/** What the file's lotes are: payments, collection (cobrança), or the bank's DDA list of boletos. */
/** …or an account statement (extrato para conciliação: service 04, operation E, segments E). */
export type CnabService = 'payment' | 'collection' | 'dda' | 'statement';

export interface FileEvidence {
  /** Records per segment (J-52 counted as J52). */
  segmentCounts: ReadonlyMap<string, number>;
  /** The lote headers' service codes (10-11) and operation codes (9). */
  lotServices: ReadonlySet<string>;
  lotOperations: ReadonlySet<string>;
  /** Main payment details (A, J, N, O), and how many of them carry an occurrence code. */
  mainDetails: number;
  itemsWithOccurrences: number;
  /** Position 143 of the file header, when there is one. */
  headerDirectionCode: string | null;
}

/**
 * Each detail's segment counted as a file is read: a letter in an array by its code (a map's lookup on every line of
 * a big file cost what reading its lote and sequence did, #73), J-52 and anything else in a map.
 */
export class SegmentTally {
  private readonly letters = new Int32Array(128);
  private readonly others = new Map<string, number>();

  add(segment: string, records = 1): void {
    const code = segment.charCodeAt(0);
    if (segment.length === 1 && code < 128) this.letters[code] = (this.letters[code] as number) + records;
    else this.others.set(segment, (this.others.get(segment) ?? 0) + records);
  }

  /** Adds the counts of another stretch of the file (its second half, read apart). */
  absorb(counts: ReadonlyMap<string, number>): void {
    for (const [segment, records] of counts) this.add(segment, records);
  }

  /** Records per segment, those seen only. */
  counts(): Map<string, number> {
    const counts = new Map(this.others);
    this.letters.forEach((n, code) => {
      if (n > 0) counts.set(String.fromCharCode(code), n);
    });
    return counts;
  }
}

const COLLECTION_SEGMENTS: ReadonlySet<string> = new Set(['P', 'Q', 'R', 'S', 'T', 'U', 'W', 'Y']);
const PAYMENT_SEGMENTS = ['A', 'B', 'J', 'J52', 'N', 'O', 'C', 'D', 'Z'];

function count(e: FileEvidence, segments: Iterable<string>): number {
  let total = 0;
  for (const s of segments) total += e.segmentCounts.get(s) ?? 0;
  return total;
}

/** The segments decide; on a tie (an empty file), the lote headers' service 01 or operation R/T mean collection. */
export function inferService(e: FileEvidence): CnabService {
  // a DDA file is the bank's list of boletos: its lotes say so (operation I, service 03), and its segments G
  if ((e.lotOperations.has('I') && e.lotServices.has('03')) || (e.segmentCounts.get('G') ?? 0) > 0)
    return 'dda';
  // an account statement: its lotes say so (operation E, service 04)
  if (e.lotOperations.has('E') && e.lotServices.has('04')) return 'statement';
  const collection = count(e, COLLECTION_SEGMENTS);
  const payment = count(e, PAYMENT_SEGMENTS);
  if (collection !== payment) return collection > payment ? 'collection' : 'payment';
  return e.lotServices.has('01') || e.lotOperations.has('R') || e.lotOperations.has('T')
    ? 'collection'
    : 'payment';
}

/**
 * The direction the content shows, and why; null when the content says nothing. `absence` marks a reading drawn
 * from what is missing (no occurrence codes), which a header saying otherwise outweighs: banks send returns with
 * blank occurrence fields (a Caixa return seen in the wild), but no remittance carries occurrence codes.
 */
export function contentDirection(
  e: FileEvidence,
  service: CnabService,
): { direction: CnabDirection; why: DirectionWhy; absence?: true } | null {
  if (service === 'dda') return { direction: 'retorno', why: 'dda' };
  if (service === 'statement') return { direction: 'retorno', why: 'statement' };
  if (service === 'collection') {
    if (count(e, ['T', 'U']) > 0) return { direction: 'retorno', why: 'segments-tu' };
    if (count(e, ['P', 'Q', 'R', 'S']) > 0) return { direction: 'remessa', why: 'segments-pqrs' };
    if (count(e, ['W']) > 0) return { direction: 'remessa', why: 'segment-w' };
    if (e.lotOperations.has('T') !== e.lotOperations.has('R'))
      return { direction: e.lotOperations.has('T') ? 'retorno' : 'remessa', why: 'lote-operation' };
    return null;
  }
  if (e.mainDetails === 0) return null;
  return e.itemsWithOccurrences > 0
    ? { direction: 'retorno', why: 'occurrences' }
    : { direction: 'remessa', why: 'no-occurrences', absence: true };
}

/**
 * The direction: the content's when it shows one, else the header's (143: 1 remessa, 2 retorno), else remessa;
 * with a warning when the header's code is not 1 or 2, or disagrees with the content. A header outweighs a
 * reading of the content drawn from absence: it wins unless the content positively contradicts it.
 */
export function inferDirection(
  e: FileEvidence,
  service: CnabService,
): { direction: CnabDirection; warnings: Message[] } {
  const content = contentDirection(e, service);
  const code = e.headerDirectionCode;
  const fromHeader: CnabDirection | null = code === '1' ? 'remessa' : code === '2' ? 'retorno' : null;
  const warnings: Message[] = [];
  if (code !== null && fromHeader === null)
    warnings.push(cnabFinding('cnab.direction-code', { code, read: content?.direction ?? 'remessa' }));
  if (content && fromHeader && content.direction !== fromHeader) {
    const said = { header: fromHeader, code: code ?? '', why: content.why };
    if (content.absence) {
      warnings.push(cnabFinding('cnab.direction-header-wins', said));
      return { direction: fromHeader, warnings };
    }
    warnings.push(cnabFinding('cnab.direction-content-wins', { ...said, content: content.direction }));
  }
  return { direction: content?.direction ?? fromHeader ?? 'remessa', warnings };
}
