import { describe, expect, test } from 'vitest';
import { LineSplitter, type RawLine } from '../../../../src/formats/cnab240/lines.js';

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

describe('LineSplitter with plainAsText (#32: a plain chunk is decoded once, its lines cut from the text)', () => {
  function splitText(chunks: Uint8Array[]): [string, string, number, boolean][] {
    const lines: RawLine[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), { plainAsText: true });
    for (const c of chunks) splitter.write(c);
    splitter.end();
    return lines.map((l) => [
      l.text ?? Buffer.from(l.bytes).toString('latin1'),
      l.end,
      l.number,
      l.text !== null,
    ]);
  }
  const plain = new Uint8Array(Buffer.from(`${TEXT}\tx\r\nmore\n`, 'latin1'));
  const expected = [...EXPECTED.slice(0, -1), ['last\tx', 'crlf'], ['more', 'lf']];

  test('the same lines, ends and numbers wherever the chunks break; whole lines of a plain chunk come as text', () => {
    for (let a = 0; a <= plain.length; a++) {
      for (let b = a; b <= plain.length; b++) {
        const chunks = [plain.subarray(0, a), plain.subarray(a, b), plain.subarray(b)];
        const got = splitText(chunks);
        expect(
          got.map(([text, end]) => [text, end]),
          `breaks at ${a} and ${b}`,
        ).toEqual(expected);
        expect(got.map(([, , n]) => n)).toEqual(expected.map((_, i) => i + 1));
      }
    }
    expect(splitText([plain]).every(([, , , asText]) => asText)).toBe(true);
  });

  test('a chunk with a control character or a byte above 0x7F is split as bytes', () => {
    for (const odd of [0x00, 0x01, 0x1b, 0x7f, 0x80, 0xc3, 0xff]) {
      const bytes = new Uint8Array(Buffer.from('abc\r\ndef\r\n', 'latin1'));
      bytes[6] = odd;
      const got = splitText([bytes]);
      expect(got.map(([, end, , asText]) => [end, asText])).toEqual([
        ['crlf', false],
        ['crlf', false],
      ]);
      expect(got[1]?.[0]).toBe(Buffer.from([0x64, odd, 0x66]).toString('latin1'));
    }
  });

  test('a line longer than 4096 bytes is cut, its full length kept, as the byte way does', () => {
    const long = new Uint8Array(Buffer.from(`${'x'.repeat(5000)}\r\nshort\r\n`, 'latin1'));
    const lines: RawLine[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), { plainAsText: true });
    splitter.write(long);
    splitter.end();
    expect(lines.map((l) => [l.text?.length, l.length])).toEqual([
      [4096, 5000],
      [5, 5],
    ]);
  });
});
