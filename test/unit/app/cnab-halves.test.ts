// #73: a big file read as two halves at once (app/cnab-halves.ts over formats/cnab240/halves.ts) says what reading
// it straight through says, byte for byte: its summary, its lotes, its findings with their Messages, its items in
// order. The oracle is the sequential reader, over every seam of every corpus file, and of remittances broken on
// purpose around their seams; the second half is read by the worker's own function, its part sent through a
// structured clone as between threads.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCnabFileInHalves, readSecondHalf } from '../../../src/app/cnab-halves.js';
import { fileHeaderOf, seamsIn } from '../../../src/formats/cnab240/halves.js';
import type { CnabFile, CnabItem } from '../../../src/formats/cnab240/index.js';
import { Cnab240Reader } from '../../../src/formats/cnab240/reader.js';
import { corpusDir, manifest } from '../../corpus.js';
import { at, lines, manyLotes } from '../formats/cnab240/cnab-test-files.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'condo-halves-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a read says, all of it: the file as JSON, each finding with its Message, the items in the order handed on. */
function said(file: CnabFile, items: CnabItem[]) {
  return {
    file: JSON.parse(JSON.stringify(file)),
    findings: [...file.warnings, ...file.errors].map((m) => [m.line, m.message, m.finding]),
    items: JSON.parse(JSON.stringify(items)),
  };
}

function straight(bytes: Uint8Array) {
  const items: CnabItem[] = [];
  const reader = new Cnab240Reader({ keepItems: false, onItem: (i) => items.push(i) });
  for (let at = 0; at < bytes.length; at += 4096) reader.write(bytes.subarray(at, at + 4096));
  return said(reader.end(), items);
}

/**
 * Read as the two threads do: the second half by the worker's function (its line numbers counted, or by the
 * division the first half's side makes), its part through a structured clone; its items follow the first's. A
 * worker that fails, or a part refused, leaves the first half's reader to read on.
 */
async function inTwo(path: string, bytes: Uint8Array, from: number, firstLine?: number) {
  const header = fileHeaderOf(bytes) as string;
  const secondItems: CnabItem[] = [];
  const part = await readSecondHalf({ path, from, header, firstLine }, (i) => secondItems.push(i)).then(
    (p) => structuredClone(p),
    () => undefined,
  );
  const items: CnabItem[] = [];
  const first = new Cnab240Reader({ keepItems: false, onItem: (i) => items.push(i) });
  for (let at = 0; at < from; at += 4096) first.write(bytes.subarray(at, Math.min(from, at + 4096)));
  const absorbed = part !== undefined && first.absorb(part);
  if (absorbed) items.push(...secondItems);
  else first.write(bytes.subarray(from));
  return { absorbed, ...said(first.end(), items) };
}

let files = 0;
/** Every seam of a file read in two, each against the straight read; how many of them were taken in. */
async function everySeam(bytes: Uint8Array, firstLine?: (from: number) => number | undefined) {
  const path = join(dir, `file-${++files}.rem`);
  await writeFile(path, bytes);
  const whole = straight(bytes);
  const wholeText = JSON.stringify(whole);
  let absorbed = 0;
  const seams = seamsIn(bytes);
  for (const cut of seams) {
    const { absorbed: taken, ...two } = await inTwo(path, bytes, cut, firstLine?.(cut));
    // compared as text first (quick), and as objects for a readable difference when they are not the same
    if (JSON.stringify(two) !== wholeText) expect(two, `cut at byte ${cut}`).toEqual(whole);
    if (taken) absorbed++;
  }
  return { seams: seams.length, absorbed };
}

const broken: Array<[string, (records: string[]) => string[]]> = [
  // lote numbers that skip: the seam's own check, and the second half's
  [
    'lotes numbered 1, 3, 5…',
    (r) =>
      r.map((x) => (x[7] === '1' ? at(x, 4, String(Number(x.slice(3, 7)) * 2 - 1).padStart(4, '0')) : x)),
  ],
  // a kind of finding on most details: the first 20 of the whole file kept, "and N more" counts both halves
  ['details numbered from 90000', (r) => r.map((x) => (x[7] === '3' ? at(x, 9, `9${x.slice(9, 13)}`) : x))],
  [
    'a lote trailer gone in the second half',
    (r) => r.filter((x, i) => !(x[7] === '5' && i > r.length * 0.7)),
  ],
  ['no file trailer, the last lote left open', (r) => r.slice(0, -3)],
  ['a record after the file trailer', (r) => [...r, r[1] as string]],
  ['the file trailer counting wrong', (r) => [...r.slice(0, -1), at(r.at(-1) as string, 18, '000001000001')]],
  ['a lote trailer counting wrong', (r) => r.map((x) => (x[7] === '5' ? at(x, 18, '000003') : x))],
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

describe('a CNAB 240 file read in two halves', () => {
  test('every seam of every corpus file reads as the file straight through', async () => {
    let seams = 0;
    let absorbed = 0;
    for (const kind of ['cnab240', 'dda'] as const)
      for (const row of manifest(kind)) {
        const bytes = new Uint8Array(readFileSync(resolve(corpusDir(kind), row.local_path as string)));
        if (fileHeaderOf(bytes) === null) continue;
        const found = await everySeam(bytes);
        seams += found.seams;
        absorbed += found.absorbed;
      }
    // the corpus's files are short, but seams were found, and most were taken in
    expect(seams).toBeGreaterThan(20);
    expect(absorbed).toBeGreaterThan(seams / 2);
  });

  test.each(['febraban', 'itau-sispag'] as const)(
    'a clean %s remittance of many lotes: every seam taken in',
    async (dialect) => {
      const found = await everySeam(lines(manyLotes(3, dialect)));
      expect(found.seams).toBeGreaterThan(30);
      expect(found.absorbed).toBe(found.seams);
    },
  );

  test('the first line by division where every line is as long as the header: the same, taken in', async () => {
    const found = await everySeam(lines(manyLotes(3)), (from) => from / 242 + 1);
    expect(found.absorbed).toBe(found.seams);
  });

  test('a first line guessed wrong is refused, and the file read straight', async () => {
    const found = await everySeam(lines(manyLotes(2)), (from) => from / 242 + 2);
    expect(found.seams).toBeGreaterThan(10);
    expect(found.absorbed).toBe(0);
  });

  // a lote whose details say another lote, or short lines before a cut inside a lote, leave that cut to be read here
  const readHereAtSome = new Set(['lotes numbered 1, 3, 5…', 'short lines in both halves']);

  test.each(broken)('%s: every seam reads as the file straight through', async (what, breaking) => {
    const found = await everySeam(lines(breaking(manyLotes(2))));
    expect(found.seams).toBeGreaterThan(15);
    if (readHereAtSome.has(what)) expect(found.absorbed).toBeGreaterThan(0);
    else expect(found.absorbed).toBe(found.seams);
  });

  test('a company the header leaves zeros for, another from a lote on: a half that starts there is read here', async () => {
    const records = manyLotes(3);
    const changed = records.map((x, i) =>
      x[7] === '1' && i > records.length / 2 ? at(x, 19, '11444777000161') : x,
    );
    const found = await everySeam(lines([at(changed[0] as string, 19, '0'.repeat(14)), ...changed.slice(1)]));
    expect(found.absorbed).toBeGreaterThan(0);
    expect(found.absorbed).toBeLessThan(found.seams);
  });

  test('LF line ends in the second half only: the mix is said once, where the straight read says it', async () => {
    const records = manyLotes(3);
    const half = Math.floor(records.length / 2);
    const bytes = new Uint8Array(
      Buffer.concat([lines(records.slice(0, half)), lines(records.slice(half), '\n')]),
    );
    const found = await everySeam(bytes);
    expect(found.absorbed).toBeGreaterThan(0);
    expect(straight(bytes).findings.some(([, m]) => /line ends/i.test(String(m)))).toBe(true);
  });
});

describe('reading a file in halves', () => {
  test('a big file: the second half read elsewhere, its items after the first, the file as read straight', async () => {
    const bytes = lines(manyLotes(6));
    const path = join(dir, 'whole.rem');
    await writeFile(path, bytes);
    const first: CnabItem[] = [];
    const second: CnabItem[] = [];
    const { file, second: sent } = await readCnabFileInHalves(path, {
      onItem: (i) => first.push(i),
      startSecondHalf: (job) => ({
        done: readSecondHalf(job, (i) => second.push(i)).then((part) => ({
          part: structuredClone(part),
          result: job,
        })),
        stop: () => {},
      }),
      minBytes: 0,
      cores: 2,
    });
    expect(sent?.from).toBeGreaterThan(bytes.length * 0.4);
    expect(sent?.from).toBeLessThan(bytes.length * 0.7);
    expect(sent?.firstLine).toBe((sent?.from ?? 0) / 242 + 1);
    expect(said(file, [...first, ...second])).toEqual(straight(bytes));
  });

  test('a second half that fails, or does not fit, is read here: every item seen once, in order', async () => {
    const bytes = lines(manyLotes(6));
    const path = join(dir, 'refused.rem');
    await writeFile(path, bytes);
    for (const [fails, fits] of [
      [true, true],
      [false, false],
    ]) {
      const items: CnabItem[] = [];
      let stopped = false;
      const { file, second } = await readCnabFileInHalves(path, {
        onItem: (i) => items.push(i),
        startSecondHalf: (job) => ({
          done: fails
            ? Promise.reject(new Error('no worker'))
            : readSecondHalf(job, () => {}).then((part) => ({ part, result: 1 })),
          stop: () => {
            stopped = true;
          },
        }),
        fits: () => fits as boolean,
        minBytes: 0,
        cores: 2,
      });
      expect(second).toBeUndefined();
      expect(stopped).toBe(true);
      expect(said(file, items)).toEqual(straight(bytes));
    }
  });

  test('one core, or a file under the size: read straight, no worker asked for', async () => {
    const path = join(dir, 'small.rem');
    await writeFile(path, lines(manyLotes(1)));
    for (const options of [{ cores: 1, minBytes: 0 }, { cores: 2 }]) {
      let asked = false;
      const { second } = await readCnabFileInHalves(path, {
        onItem: () => {},
        startSecondHalf: () => {
          asked = true;
          throw new Error('not to be asked');
        },
        ...options,
      });
      expect(asked).toBe(false);
      expect(second).toBeUndefined();
    }
  });
});
