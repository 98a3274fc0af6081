// #73: where a big file can be cut to be read as two halves at once (halves.ts), and the line numbers the second
// half's reader starts from. That such a read says what reading the file straight through says is tested over
// every seam in test/unit/app/cnab-halves.test.ts.
import { describe, expect, test } from 'vitest';
import { fileHeaderOf, lotesBack, seamsIn } from '../../../../src/formats/cnab240/halves.js';
import { LineEndCounter, LineSplitter } from '../../../../src/formats/cnab240/lines.js';
import { at, bytesOf, lines, manyLotes } from './cnab-test-files.js';

describe('where a file can be cut', () => {
  test('at a lote header after a lote trailer, and at an item after a detail of its lote: plain lines only', () => {
    const records = manyLotes(2);
    const bytes = lines(records);
    const starts = records.map((_, i) => records.slice(0, i).reduce((n, r) => n + r.length + 2, 0));
    const seam = (r: string, before: string | undefined) =>
      (r[7] === '1' && before?.[7] === '5') ||
      (r[7] === '3' &&
        before?.[7] === '3' &&
        'ANOPT'.includes(r[13] as string) &&
        r.slice(3, 7) === before.slice(3, 7));
    const expected = starts.filter((_, i) => seam(records[i] as string, records[i - 1]));
    expect(expected.some((_, i) => records[starts.indexOf(expected[i] as number)]?.[7] === '1')).toBe(true);
    expect(expected.some((_, i) => records[starts.indexOf(expected[i] as number)]?.[7] === '3')).toBe(true);
    expect(seamsIn(bytes)).toEqual(expected);
    // a lote trailer with a byte beyond ASCII is no seam's; a companion segment (B) is never one
    const trailer = records.findIndex((x) => x[7] === '5');
    const spoiled = records.map((r, i) => (i === trailer ? at(r, 200, 'É') : r));
    expect(seamsIn(bytes).length - seamsIn(lines(spoiled)).length).toBe(1);
    expect(
      seamsIn(bytes).every((cut) => ![...'BJ'].includes(String.fromCharCode(bytes[cut + 13] as number))),
    ).toBe(true);
  });

  test("a cut inside a lote finds its lote's header back across windows, and the details between", () => {
    const records = manyLotes(1);
    const bytes = lines(records);
    const cut = seamsIn(bytes)
      .filter((c) => bytes[c + 7] === 0x33)
      .at(-1) as number;
    const lote = bytes.slice(cut + 3, cut + 7);
    const whole = lotesBack(bytes.subarray(0, cut), 0, lote, 0);
    expect(whole).toMatchObject({ found: true });
    if (!whole?.found) return;
    expect(whole.header[7]).toBe('1');
    const headerIndex = records.indexOf(whole.header);
    // every record is 242 bytes with its CRLF: the cut's record is cut / 242
    expect(whole.details).toBe(cut / 242 - headerIndex - 1);
    // the same found in windows of 1,000 bytes, each ending where the last one's first whole line began
    let details = 0;
    let end = cut;
    for (;;) {
      const start = Math.max(0, end - 1000);
      const back = lotesBack(bytes.subarray(start, end), start, lote, details);
      if (back === null) throw new Error('run broken');
      if (back.found) {
        expect(back).toEqual(whole);
        break;
      }
      details = back.details;
      end = back.before;
    }
    // a line of another lote between breaks the run
    const other = records.map((r, i) => (i === headerIndex + 1 ? at(r, 4, '9999') : r));
    expect(lotesBack(lines(other).subarray(0, cut), 0, lote, 0)).toBeNull();
  });

  test('a file header is one only as its first plain line', () => {
    const records = manyLotes(1);
    expect(fileHeaderOf(lines(records))).toBe(records[0]);
    expect(fileHeaderOf(bytesOf(`\ufeff${records[0]}\r\n`))).toBeNull();
    expect(fileHeaderOf(bytesOf(`${records[1]}\r\n`))).toBeNull();
    expect(fileHeaderOf(bytesOf(records[0] as string))).toBeNull();
  });
});

describe('counting lines as the splitter numbers them', () => {
  test.each([1, 2, 3, 7, 64])('CRLF, LF and lone CR across chunks of %i bytes', (size) => {
    const text = bytesOf('a\r\nb\nc\rd\r\r\n\n\re\r\nf\r');
    let numbered = 0;
    const splitter = new LineSplitter((line) => {
      numbered = line.number;
    });
    const counter = new LineEndCounter();
    for (let at = 0; at < text.length; at += size) {
      splitter.write(text.subarray(at, at + size));
      counter.write(text.subarray(at, at + size));
    }
    splitter.end();
    expect(counter.end()).toBe(numbered);
  });

  test('a splitter told its first line numbers from it', () => {
    const numbers: number[] = [];
    const splitter = new LineSplitter((line) => numbers.push(line.number), { firstLine: 41 });
    splitter.write(bytesOf('x\r\ny\r\n'));
    expect(numbers).toEqual([41, 42]);
    expect(splitter.idle).toBe(true);
    splitter.write(bytesOf('z'));
    expect(splitter.idle).toBe(false);
  });
});
