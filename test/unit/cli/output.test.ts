import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Io } from '../../../src/cli/io.js';
import { asWritten, printList } from '../../../src/cli/output.js';
import { tableLayout, textWidth } from '../../../src/cli/table-layout.js';

/** The machine-output contract's money and control characters, on a captured stdout. */

function captured(): { io: Io; text: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.on('data', (d: Buffer) => {
    text += d.toString();
  });
  return { io: { stdin: new PassThrough(), stdout, stderr, color: false, env: {} }, text: () => text };
}

describe('tsv money and text', () => {
  test('decimal reais are read by their digits, and a value past two decimals is shown as sent, not rounded', async () => {
    const { io, text } = captured();
    await printList(
      { io, format: 'tsv' },
      [{ v: 0.29 }, { v: 1_234.5 }, { v: 99_999_999.99 }, { v: 12.345 }],
      [{ header: asWritten('V'), value: (r) => r.v, kind: 'reais' }],
    );
    expect(text()).toBe('0.29\n1234.50\n99999999.99\n12.345\n');
  });

  test('control characters of data are escaped, tabs and newlines become spaces', async () => {
    const { io, text } = captured();
    await printList(
      { io, format: 'tsv' },
      [{ n: 'a\u001b[31mb\tc\nd\u009b\u007f' }],
      [{ header: asWritten('N'), value: (r) => r.n }],
    );
    expect(text()).toBe('a\\x1B[31mb c d\\x9B\\x7F\n');
  });

  test('a tab or a control inside one cell of many is found: the row is looked at once, its tabs counted (#73)', async () => {
    const rows = [
      { a: 'x\ty', b: 1, c: 'ok' },
      { a: 'fine', b: 2, c: 'z\u0007' },
      { a: 'p', b: 3, c: 'q' },
      { a: '', b: 4, c: '' },
    ];
    const columns = [
      { header: asWritten('A'), value: (r: (typeof rows)[number]) => r.a },
      { header: asWritten('B'), value: (r: (typeof rows)[number]) => r.b },
      { header: asWritten('C'), value: (r: (typeof rows)[number]) => r.c },
    ];
    const tsv = captured();
    await printList({ io: tsv.io, format: 'tsv' }, rows, columns);
    expect(tsv.text()).toBe('x y\t1\tok\nfine\t2\tz\\x07\np\t3\tq\n\t4\t\n');
    const csv = captured();
    await printList({ io: csv.io, format: 'csv' }, rows, columns);
    expect(csv.text()).toBe('A,B,C\nx y,1,ok\nfine,2,z\\x07\np,3,q\n,4,\n');
  });

  test('a listing of many batches: the one row in a later batch with a tab and a control is mended, the rest as they are (#73)', async () => {
    // 3,000 rows of ~60 characters: tsv is written in batches of 64 KB, each looked at once
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      n: i + 1,
      name: i === 2500 ? 'CONDOMINIO\tEDIFICIO\u0085AURORA' : `FORNECEDOR ${String(i).padStart(30, '0')}`,
      amount: 10_000 + i,
    }));
    const columns = [
      { header: asWritten('N'), value: (r: (typeof rows)[number]) => r.n },
      { header: asWritten('NAME'), value: (r: (typeof rows)[number]) => r.name },
      { header: asWritten('AMOUNT'), value: (r: (typeof rows)[number]) => r.amount, kind: 'cents' as const },
    ];
    const { io, text } = captured();
    await printList({ io, format: 'tsv' }, rows, columns);
    const lines = text().split('\n');
    expect(lines).toHaveLength(3001);
    expect(lines[2500]).toBe('2501\tCONDOMINIO EDIFICIO\\x85AURORA\t125.00');
    expect(lines[0]).toBe('1\tFORNECEDOR 000000000000000000000000000000\t100.00');
    expect(lines[2999]).toBe('3000\tFORNECEDOR 000000000000000000000000002999\t129.99');
    expect(lines.every((line, i) => i === 3000 || line.split('\t').length === 3)).toBe(true);
    expect(lines.slice(0, 3000).map((line) => Number(line.split('\t')[0]))).toEqual(rows.map((r) => r.n));
  });
});

describe('tables fit the terminal', () => {
  const col = (natural: number, shrinkable = true, drop?: number) => ({
    natural,
    shrinkable,
    ...(drop === undefined ? {} : { drop }),
  });

  test('not a terminal, or wide enough: the boxed table as it is', () => {
    const cols = [col(26, false), col(40), col(30)];
    expect(tableLayout(cols, undefined)).toEqual({
      kept: [true, true, true],
      widths: undefined,
      compact: false,
    });
    expect(tableLayout(cols, 200)).toEqual({ kept: [true, true, true], widths: undefined, compact: false });
  });

  test('narrower: no box first, then the widest shrinkable column gives up columns', () => {
    // boxed: 26+2 + 40+2 + 30+2 + 4 = 106; unboxed: 96 + 2*2 = 100
    expect(tableLayout([col(26, false), col(40), col(30)], 100)).toMatchObject({
      widths: [26, 40, 30],
      compact: true,
    });
    const fitted = tableLayout([col(26, false), col(40), col(30)], 80);
    expect(fitted.widths).toEqual([26, 25, 25]);
    expect((fitted.widths ?? []).reduce((a, b) => a + b, 0) + 4).toBe(80);
  });

  test('an id, money or a date never shrinks; optional columns go before anything is unreadable', () => {
    const cols = [col(26, false), col(14, false), col(45), col(38, true, 1)];
    // room for all four at 16: the optional one stays, shrunk
    expect(tableLayout(cols, 80)).toMatchObject({ kept: [true, true, true, true], widths: [26, 14, 17, 17] });
    const layout = tableLayout(cols, 70);
    expect(layout.kept).toEqual([true, true, true, false]);
    expect(layout.widths).toEqual([26, 14, 26]);
    // past that, a column goes down to 8 rather than the table overflowing
    expect(tableLayout(cols, 56).widths).toEqual([26, 14, 12]);
    // nothing left to give: the narrowest it can be, even if that is wider than the terminal
    expect(tableLayout([col(26, false), col(30, false)], 20).widths).toEqual([26, 30]);
  });

  test('columns go by their declared rank, lowest first; a "last" one only before the list would become blocks (#53)', () => {
    const cols = [
      col(16, false),
      col(6, false),
      { natural: 18, shrinkable: false, drop: 'last' as const },
      col(10, false),
      col(12, false),
      { ...col(8, false), drop: 2 },
      col(45),
      col(40, true, 1),
    ];
    // the description (1) goes, then the method (2); the state stays while the payee can shrink for it
    expect(tableLayout(cols, 100).kept).toEqual([true, true, true, true, true, true, true, false]);
    expect(tableLayout(cols, 95).kept).toEqual([true, true, true, true, true, false, true, false]);
    // at 80 the payee shrinks to 8 for it; at 78 even that leaves no room: the state goes, not a block per record
    expect(tableLayout(cols, 80).kept[2]).toBe(true);
    const at78 = tableLayout(cols, 78);
    expect(at78.kept).toEqual([true, true, false, true, true, false, true, false]);
    expect(at78.fits).toBeUndefined();
    // under 60 the key columns themselves cannot fit
    expect(tableLayout(cols, 56).fits).toBe(false);
  });

  test('a cell is as wide as a person sees it', () => {
    expect(textWidth('Conservação')).toBe(11);
    expect(textWidth('\u001b[31mrejected\u001b[39m')).toBe(8);
  });
});

describe('80 columns (#28)', () => {
  test('text wraps at spaces, never inside an amount; a word too long for a line is broken', async () => {
    const { wrapText } = await import('../../../src/cli/table-layout.js');
    expect(wrapText('boleto 1 (R$ 2.120,00), pix 1 (R$ 12.450,00)', 36)).toEqual([
      'boleto 1 (R$ 2.120,00), pix 1',
      '(R$ 12.450,00)',
    ]);
    expect(wrapText('conta 0000000000000093847569', 10)).toEqual(['conta', '0000000000', '0000938475', '69']);
    expect(textWidth('日本')).toBe(4); // a wide character takes two columns
  });

  test('a firm-wide table names each row by the slug narrowed to its width, and the id end that tell them apart', async () => {
    const { slugsNarrowedTo, shortestSuffixes } = await import('../../../src/cli/profiles.js');
    const at = slugsNarrowedTo([
      'edificio-aurora',
      'residencial-jardim-botanico',
      'residencial-jardim-europa',
      'residencial-bela-vista',
      'edificio-bela-vista',
      'residencial-aguas-claras',
      'residencial-aguas-claras-2',
    ]);
    // #66: the end that tells them apart, not the start they share (it was `residencial-j…`)
    expect([...at(16).values()]).toEqual([
      'edificio-aurora',
      '…jardim-botanico',
      '…jardim-europa',
      'resid…bela-vista',
      'edifi…bela-vista',
      '…aguas-claras',
      '…aguas-claras-2',
    ]);
    // whole where the width holds them; never two alike, at any width
    expect(at(30).get('residencial-jardim-botanico')).toBe('residencial-jardim-botanico');
    for (let w = 8; w <= 28; w++) {
      const shown = [...at(w).values()];
      expect(new Set(shown).size, `width ${w}`).toBe(shown.length);
      expect(Math.max(...shown.map((v) => v.length)), `width ${w}`).toBeLessThanOrEqual(w);
    }
    const ids = shortestSuffixes([
      '01M8ADSZAZ7XWEM7NSSD81VKYK',
      '01M8ADSZAZ7XWEM7NSSD81VKYC',
      '01M8ADSZAZ7XWEM7NSSD81VKYK',
    ]);
    expect([...ids.values()]).toEqual(['81VKYK', '81VKYC']);
  });
});

describe('values whole where they fit; the short form only where they do not; whole in a block (#53)', () => {
  type Row = { slug: string; unit: string; owed: number; due: string; days: number };
  const rows: Row[] = [
    {
      slug: 'residencial-jardim-botanico',
      unit: 'Bloco B - 601',
      owed: 372_000,
      due: '2026-08-10',
      days: 109,
    },
    { slug: 'residencial-bela-vista', unit: 'Bloco A - 302', owed: 340_000, due: '2026-07-10', days: 140 },
  ];
  const columns = [
    {
      header: asWritten('CONDOMINIUM'),
      value: (r: Row) => r.slug,
      narrow: (r: Row) => `${r.slug.slice(0, 13)}…`,
    },
    { header: asWritten('UNIT'), value: (r: Row) => r.unit, fixed: true },
    { header: asWritten('OUTSTANDING'), value: (r: Row) => r.owed, kind: 'cents' as const },
    { header: asWritten('OLDEST DUE'), value: (r: Row) => r.due, kind: 'date' as const },
    { header: asWritten('DAYS OVERDUE'), value: (r: Row) => r.days },
  ];
  const onTerminal = (width: number) => {
    const { io, text } = captured();
    Object.assign(io.stdout, { isTTY: true, columns: width });
    return { io, text };
  };

  test('a terminal with room for the values whole shows them whole', async () => {
    const { io, text } = onTerminal(120);
    await printList({ io, format: 'table' }, rows, columns);
    expect(text()).toContain('residencial-jardim-botanico ');
    expect(text()).not.toContain('…');
  });

  test('a terminal without room for them shows the short form, rather than cutting another column', async () => {
    const { io, text } = onTerminal(72);
    await printList({ io, format: 'table' }, rows, columns);
    expect(text()).toContain('residencial-j… ');
    expect(text()).toContain('Bloco B - 601');
  });

  test('too narrow for the table: each record a block, and the block shows the value whole', async () => {
    const { io, text } = onTerminal(60);
    await printList({ io, format: 'table' }, rows, columns);
    expect(text()).toContain('CONDOMINIUM   residencial-jardim-botanico\n');
    expect(text()).toContain('CONDOMINIUM   residencial-bela-vista\n');
  });
});
