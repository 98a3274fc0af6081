// #73: a big file read as two halves at once (halves.ts) says what reading it straight through says, byte for
// byte: its summary, its lotes, its findings with their Messages, its items in order. The oracle is the sequential
// reader, over every seam of every corpus file and of made files broken on purpose around their seams.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fileHeaderOf, seamsIn } from '../../../../src/formats/cnab240/halves.js';
import {
  type CnabFile,
  type CnabItem,
  writePaymentRemittance,
} from '../../../../src/formats/cnab240/index.js';
import { LineEndCounter, LineSplitter } from '../../../../src/formats/cnab240/lines.js';
import { Cnab240Reader } from '../../../../src/formats/cnab240/reader.js';
import { corpusDir, manifest } from '../../../corpus.js';
import { sampleInput, samplePayments } from './fixtures.js';

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** What a read says, all of it: the file as JSON, each finding with its Message, the items in the order handed on. */
function said(file: CnabFile, items: CnabItem[]) {
  return {
    file: JSON.parse(JSON.stringify(file)),
    findings: [...file.warnings, ...file.errors].map((m) => [m.line, m.message, m.finding]),
    items: JSON.parse(JSON.stringify(items)),
  };
}

function straight(bytes: Uint8Array, chunk = 4096) {
  const items: CnabItem[] = [];
  const reader = new Cnab240Reader({ keepItems: false, onItem: (i) => items.push(i), messagesPerKind: 5 });
  for (let at = 0; at < bytes.length; at += chunk) reader.write(bytes.subarray(at, at + chunk));
  return said(reader.end(), items);
}

/** Read as two threads would: the second half's part crosses by structured clone; its items follow the first's. */
function inTwo(bytes: Uint8Array, cut: number, chunk = 4096) {
  const header = fileHeaderOf(bytes);
  if (header === null) throw new Error('no plain file header');
  const counter = new LineEndCounter();
  for (let at = 0; at < cut; at += chunk) counter.write(bytes.subarray(at, Math.min(cut, at + chunk)));
  const secondItems: CnabItem[] = [];
  const second = new Cnab240Reader({
    keepItems: false,
    onItem: (i) => secondItems.push(i),
    messagesPerKind: 5,
    continuing: { header, firstLine: counter.end() + 1 },
  });
  for (let at = cut; at < bytes.length; at += chunk) second.write(bytes.subarray(at, at + chunk));
  const part = structuredClone(second.part());
  const items: CnabItem[] = [];
  const first = new Cnab240Reader({ keepItems: false, onItem: (i) => items.push(i), messagesPerKind: 5 });
  for (let at = 0; at < cut; at += chunk) first.write(bytes.subarray(at, Math.min(cut, at + chunk)));
  const absorbed = first.absorb(part);
  if (absorbed) items.push(...secondItems);
  else for (let at = cut; at < bytes.length; at += chunk) first.write(bytes.subarray(at, at + chunk));
  return { absorbed, ...said(first.end(), items) };
}

/** Every seam of a file read in two, each against the straight read; how many of them were taken in. */
function everySeam(bytes: Uint8Array): { seams: number; absorbed: number } {
  const whole = straight(bytes);
  let absorbed = 0;
  const seams = seamsIn(bytes);
  for (const cut of seams) {
    const { absorbed: taken, ...two } = inTwo(bytes, cut);
    expect(two, `cut at byte ${cut}`).toEqual(whole);
    if (taken) absorbed++;
  }
  return { seams: seams.length, absorbed };
}

/**
 * A remittance of many lotes: the sample's (a lote for each forma, each of its payments twice) repeated `times`
 * times, each lote renumbered and the file trailer counting them all.
 */
function manyLotes(times = 5, dialect: 'febraban' | 'itau-sispag' = 'febraban'): string[] {
  const payments = [...samplePayments(), ...samplePayments()];
  const [header, ...rest] = writePaymentRemittance(sampleInput(payments, dialect)).split('\r\n').slice(0, -1);
  const trailer = rest.pop() as string;
  const lotes = Array.from({ length: times }, () => rest).flat();
  let lote = 0;
  const renumbered = lotes.map((r) => at(r, 4, String(r[7] === '1' ? ++lote : lote).padStart(4, '0')));
  const counted = at(
    trailer,
    18,
    `${String(lote).padStart(6, '0')}${String(renumbered.length + 2).padStart(6, '0')}`,
  );
  return [header as string, ...renumbered, counted];
}

const lines = (records: string[], end = '\r\n') => bytesOf(records.map((r) => `${r}${end}`).join(''));
const at = (record: string, position: number, text: string) =>
  record.slice(0, position - 1) + text + record.slice(position - 1 + text.length);

describe('a CNAB 240 file read in two halves', () => {
  test('every seam of every corpus file reads as the file straight through', () => {
    let seams = 0;
    let absorbed = 0;
    for (const kind of ['cnab240', 'dda'] as const)
      for (const row of manifest(kind)) {
        const bytes = new Uint8Array(readFileSync(resolve(corpusDir(kind), row.local_path as string)));
        if (fileHeaderOf(bytes) === null) continue;
        const found = everySeam(bytes);
        seams += found.seams;
        absorbed += found.absorbed;
      }
    // the corpus has files of several lotes: seams were found, and most were taken in
    expect(seams).toBeGreaterThan(5);
    expect(absorbed).toBeGreaterThan(seams / 2);
  });

  test.each(['febraban', 'itau-sispag'] as const)(
    'a clean %s remittance of many lotes: every seam taken in',
    (dialect) => {
      const bytes = lines(manyLotes(8, dialect));
      const found = everySeam(bytes);
      expect(found.seams).toBeGreaterThan(10);
      expect(found.absorbed).toBe(found.seams);
    },
  );

  const broken: Array<[string, (records: string[]) => string[]]> = [
    // lote numbers that skip: the seam's own check, and the second half's
    [
      'lotes numbered 1, 3, 5…',
      (r) =>
        r.map((x) => (x[7] === '1' ? at(x, 4, String(Number(x.slice(3, 7)) * 2 - 1).padStart(4, '0')) : x)),
    ],
    // a kind of finding on every detail: the first five of the whole file kept, "and N more" counts both halves
    ['every detail numbered wrong', (r) => r.map((x) => (x[7] === '3' ? at(x, 9, '99999') : x))],
    [
      'a lote trailer gone in the second half',
      (r) => r.filter((x, i) => !(x[7] === '5' && i > r.length * 0.7)),
    ],
    ['no file trailer, the last lote left open', (r) => r.slice(0, -3)],
    ['a record after the file trailer', (r) => [...r, r[1] as string]],
    [
      'the file trailer counting wrong',
      (r) => [...r.slice(0, -1), at(r.at(-1) as string, 18, '000001000001')],
    ],
    ['short lines in both halves', (r) => r.map((x, i) => (i % 7 === 3 && x[7] === '3' ? x.trimEnd() : x))],
    [
      'a company document of zeros in the header',
      (r) => [at(r[0] as string, 19, '0'.repeat(14)), ...r.slice(1)],
    ],
    [
      'another company from a lote on',
      (r) => r.map((x, i) => (x[7] === '1' && i > r.length / 2 ? at(x, 19, '11444777000161') : x)),
    ],
  ];

  test.each(broken)('%s: every seam reads as the file straight through', (_what, breaking) => {
    const bytes = lines(breaking(manyLotes()));
    const found = everySeam(bytes);
    expect(found.seams).toBeGreaterThan(3);
    expect(found.absorbed).toBe(found.seams);
  });

  test('a company the header leaves zeros for, another from a lote on: a half that starts there is read straight', () => {
    const records = manyLotes();
    const changed = records.map((x, i) =>
      x[7] === '1' && i > records.length / 2 ? at(x, 19, '11444777000161') : x,
    );
    const bytes = lines([at(changed[0] as string, 19, '0'.repeat(14)), ...changed.slice(1)]);
    const found = everySeam(bytes);
    expect(found.absorbed).toBeGreaterThan(0);
    expect(found.absorbed).toBeLessThan(found.seams);
  });

  test('LF line ends in the second half only: the mix is said once, where the straight read says it', () => {
    const records = manyLotes();
    const half = Math.floor(records.length / 2);
    const text = Buffer.concat([lines(records.slice(0, half)), lines(records.slice(half), '\n')]);
    const found = everySeam(new Uint8Array(text));
    expect(found.absorbed).toBeGreaterThan(0);
    expect(straight(new Uint8Array(text)).findings.some(([, m]) => /line ends/i.test(String(m)))).toBe(true);
  });

  test('a part that begins at another line than the first half ends at is refused, and the rest read whole', () => {
    const bytes = lines(manyLotes());
    const cut = seamsIn(bytes)[2] as number;
    const header = fileHeaderOf(bytes) as string;
    const second = new Cnab240Reader({ keepItems: false, continuing: { header, firstLine: 3 } });
    second.write(bytes.subarray(cut));
    const first = new Cnab240Reader({ keepItems: false });
    first.write(bytes.subarray(0, cut));
    expect(first.absorb(second.part())).toBe(false);
    first.write(bytes.subarray(cut));
    expect(said(first.end(), [])).toEqual({ ...straight(bytes), items: [] });
  });
});

describe('where a file can be cut', () => {
  test('only at a lote header after a lote trailer, both plain lines of 240 characters', () => {
    const records = manyLotes(2);
    const bytes = lines(records);
    const starts = records.map((_, i) => records.slice(0, i).reduce((n, r) => n + r.length + 2, 0));
    const expected = starts.filter((_, i) => records[i]?.[7] === '1' && records[i - 1]?.[7] === '5');
    expect(seamsIn(bytes)).toEqual(expected);
    // a lote trailer with a byte beyond ASCII, or a lote header cut short, is no seam
    const spoiled = records.map((r, i) =>
      i === records.indexOf(records.find((x) => x[7] === '5') as string) ? at(r, 200, 'É') : r,
    );
    expect(seamsIn(bytes).length - seamsIn(bytesOf(spoiled.map((r) => `${r}\r\n`).join(''))).length).toBe(1);
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
