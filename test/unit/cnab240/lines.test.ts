import { describe, expect, test } from 'vitest';
import { LineSplitter, type RawLine } from '../../../src/formats/cnab240/lines.js';

const TEXT = 'first\r\nsecond\nthird\rfourth\r\n\r\nlast';
const EXPECTED = [
  ['first', 'crlf'],
  ['second', 'lf'],
  ['third', 'cr'],
  ['fourth', 'crlf'],
  ['', 'crlf'],
  ['last', 'none'],
];

function split(chunks: Uint8Array[]): [string, string][] {
  const lines: RawLine[] = [];
  const splitter = new LineSplitter((line) => lines.push(line));
  for (const c of chunks) splitter.write(c);
  splitter.end();
  return lines.map((l) => [Buffer.from(l.bytes).toString('latin1'), l.end]);
}

describe('LineSplitter', () => {
  const bytes = new Uint8Array(Buffer.from(TEXT, 'latin1'));

  test('CRLF, LF and a lone CR end lines; the numbers run on', () => {
    expect(split([bytes])).toEqual(EXPECTED);
  });

  test('the same lines wherever the chunks break, a CRLF split between two chunks included', () => {
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b++) {
        const chunks = [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)];
        expect(split(chunks), `breaks at ${a} and ${b}`).toEqual(EXPECTED);
      }
    }
  });
});
