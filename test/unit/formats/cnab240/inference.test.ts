import { describe, expect, test } from 'vitest';
import {
  contentDirection,
  type FileEvidence,
  inferDirection,
  inferService,
  SegmentTally,
} from '../../../../src/formats/cnab240/inference.js';

/** The service and direction a reader infers, each rule on its own, from the evidence alone. */
const evidence = (
  over: Partial<FileEvidence> & { segments?: Record<string, number> } = {},
): FileEvidence => ({
  segmentCounts: new Map(Object.entries(over.segments ?? {})),
  lotServices: over.lotServices ?? new Set(),
  lotOperations: over.lotOperations ?? new Set(),
  mainDetails: over.mainDetails ?? 0,
  itemsWithOccurrences: over.itemsWithOccurrences ?? 0,
  headerDirectionCode: over.headerDirectionCode ?? null,
});

describe('service', () => {
  test('the segments decide', () => {
    expect(inferService(evidence({ segments: { A: 2, B: 2 } }))).toBe('payment');
    expect(inferService(evidence({ segments: { P: 3, Q: 3, A: 1 } }))).toBe('collection');
  });
  test('with no details, the lote header: service 01 or operation R/T is collection', () => {
    expect(inferService(evidence({ lotServices: new Set(['01']) }))).toBe('collection');
    expect(inferService(evidence({ lotOperations: new Set(['T']) }))).toBe('collection');
    expect(inferService(evidence({ lotServices: new Set(['20']) }))).toBe('payment');
  });
});

describe('direction', () => {
  test('payments: occurrence codes on the details make a return', () => {
    expect(
      contentDirection(evidence({ mainDetails: 4, itemsWithOccurrences: 4 }), 'payment')?.direction,
    ).toBe('retorno');
    expect(contentDirection(evidence({ mainDetails: 4 }), 'payment')?.direction).toBe('remessa');
    expect(contentDirection(evidence(), 'payment')).toBeNull();
  });

  test('collection: T/U are returns, P/Q/R/S remittances, W a remittance report, else the operation code', () => {
    expect(contentDirection(evidence({ segments: { T: 1, U: 1 } }), 'collection')?.direction).toBe('retorno');
    expect(contentDirection(evidence({ segments: { P: 1 } }), 'collection')?.direction).toBe('remessa');
    expect(contentDirection(evidence({ segments: { W: 1 } }), 'collection')?.direction).toBe('remessa');
    expect(contentDirection(evidence({ lotOperations: new Set(['T']) }), 'collection')?.direction).toBe(
      'retorno',
    );
  });

  test('the header (143) speaks when the content does not; a disagreement or an odd code is a warning', () => {
    expect(inferDirection(evidence({ headerDirectionCode: '2' }), 'payment')).toEqual({
      direction: 'retorno',
      warnings: [],
    });
    // blank occurrence fields are absence of evidence: the header's retorno stands, with a warning
    const blank = inferDirection(evidence({ headerDirectionCode: '2', mainDetails: 3 }), 'payment');
    expect(blank.direction).toBe('retorno');
    expect(blank.warnings.map((w) => w.message)).toEqual([
      'header says retorno (position 143 = 2) though no detail carries an occurrence code (blank occurrence fields); read as retorno, as the header says',
    ]);
    // occurrence codes in a file whose header says remessa are positive evidence: the content wins
    const coded = inferDirection(
      evidence({ headerDirectionCode: '1', mainDetails: 3, itemsWithOccurrences: 3 }),
      'payment',
    );
    expect(coded.direction).toBe('retorno');
    expect(coded.warnings[0]?.message).toMatch(/^header says remessa .* but the content is a retorno/);
    expect(inferDirection(evidence({ headerDirectionCode: '7' }), 'payment').warnings[0]?.message).toMatch(
      /position 143 is "7", not 1 \(remessa\) or 2 \(retorno\); read as remessa/,
    );
    expect(inferDirection(evidence(), 'payment').direction).toBe('remessa');
  });
});

describe('segments counted', () => {
  test('letters, J-52 and anything else a detail says at 14 are each counted, and only those seen', () => {
    const tally = new SegmentTally();
    for (const segment of ['A', 'B', 'A', 'B', 'J52', 'J', 'Z', 'É', '', 'A']) tally.add(segment);
    expect(Object.fromEntries(tally.counts())).toEqual({ A: 3, B: 2, J: 1, J52: 1, Z: 1, É: 1, '': 1 });
    expect(new SegmentTally().counts().size).toBe(0);
  });
});
