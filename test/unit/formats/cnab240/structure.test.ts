import { describe, expect, test } from 'vitest';
import {
  countsAsRecord,
  kindOfRecord,
  MOVES,
  type Move,
  type Place,
  type RecordKind,
} from '../../../../src/formats/cnab240/structure.js';

/** The moves a file's record types (position 8) make, from before its first record. */
function walk(types: string): Move[] {
  let place: Place = 'before';
  return [...types].map((type) => {
    const move = MOVES[place][kindOfRecord(type)];
    place = move.to;
    return move;
  });
}

const said = (moves: Move[]) =>
  moves.flatMap((m, i) => [
    ...(m.refused ? [`${i + 1}:${m.refused}`] : []),
    ...(m.closesLote ? [`${i + 1}:closes-lote`] : []),
    ...(m.note ? [`${i + 1}:${m.note}`] : []),
  ]);

describe('the structure of a CNAB 240 file, as a state machine', () => {
  test('a well-formed file says nothing and ends after its trailer', () => {
    const moves = walk('01335133359');
    expect(said(moves)).toEqual([]);
    expect(moves.map((m) => m.to).join(' ')).toBe('file lote lote lote file lote lote lote lote file after');
  });

  test('tolerated: a file without its header, a lote without its trailer, a header not first', () => {
    expect(said(walk('13591359'))).toEqual([
      '1:no-file-header',
      '5:after-trailer',
      '6:after-trailer',
      '7:after-trailer',
      '8:after-trailer',
    ]);
    expect(said(walk('0131359'))).toEqual(['4:closes-lote']);
    expect(said(walk('01339'))).toEqual(['5:closes-lote']);
    expect(said(walk('1305'))).toEqual(['1:no-file-header', '3:header-not-first']);
  });

  test('out of place: a detail or a lote trailer outside a lote, a record after the trailer, an unknown type', () => {
    expect(said(walk('0359'))).toEqual(['2:orphan-detail', '3:orphan-lote-trailer']);
    expect(said(walk('01359' + '1'))).toEqual(['6:after-trailer']);
    expect(said(walk('0172359'))).toEqual(['3:record-type', '4:record-type']);
  });

  test('every place answers every kind, and a refused record leaves the place as it was', () => {
    const kinds: RecordKind[] = [
      'file-header',
      'lote-header',
      'detail',
      'lote-trailer',
      'file-trailer',
      'unknown',
    ];
    for (const place of Object.keys(MOVES) as Place[])
      for (const kind of kinds) {
        const move = MOVES[place][kind];
        expect(move, `${place} ${kind}`).toBeDefined();
        if (move.refused) expect(move.to, `${place} ${kind}`).toBe(place);
      }
    // nothing but the file trailer leads past the end, and nothing comes back from there
    for (const kind of kinds) expect(MOVES.after[kind].refused).toBe('after-trailer');
  });

  test('a CNAB record out of place still counts among the records; a line past the end or of no known type does not', () => {
    expect(countsAsRecord(MOVES.file.detail)).toBe(true);
    expect(countsAsRecord(MOVES.before['lote-trailer'])).toBe(true);
    expect(countsAsRecord(MOVES.after.detail)).toBe(false);
    expect(countsAsRecord(MOVES.lote.unknown)).toBe(false);
  });
});
