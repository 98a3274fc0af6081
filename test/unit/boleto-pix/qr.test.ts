import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildPixPayload, renderQrTerminal } from '../../../src/formats/pix/index.js';
import {
  addEccAndInterleave,
  alignmentPositions,
  dataCodewords,
  encodeDataCodewords,
  encodeQr,
  formatBits,
  rsRemainder,
  versionBits,
} from '../../../src/formats/pix/qr.js';
import { parseMatrixFixture, refDecodeQr, refFormatWord, refRsEcc } from './independent.js';

const fixture = (name: string) =>
  parseMatrixFixture(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Reed-Solomon', () => {
  test('ISO 18004 annex I example: "01234567" as 1-M', () => {
    const data = [
      0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11,
    ];
    const ecc = [0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55];
    expect([...rsRemainder(data, 10)]).toEqual(ecc);
    expect(refRsEcc(data, 10)).toEqual(ecc);
  });

  test('"HELLO WORLD" as 1-Q (alphanumeric), a widely published worked example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236];
    const ecc = [168, 72, 22, 82, 217, 54, 156, 0, 46, 15, 180, 122, 16];
    expect([...rsRemainder(data, 13)]).toEqual(ecc);
    expect(refRsEcc(data, 13)).toEqual(ecc);
  });

  test('agrees with a log-table-free implementation for every ECC length used', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed & 0xff;
    };
    for (const n of [7, 10, 13, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30]) {
      const data = Array.from({ length: 40 }, next);
      expect([...rsRemainder(data, n)]).toEqual(refRsEcc(data, n));
    }
  });
});

describe('BCH codes and layout tables', () => {
  test('format information for level M, masks 0-7 (ISO 18004 table C.1)', () => {
    const table = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    table.forEach((bits, mask) => {
      expect(formatBits('M', mask).toString(2).padStart(15, '0')).toBe(bits);
      expect(refFormatWord(0, mask)).toBe(Number.parseInt(bits, 2));
    });
    expect(formatBits('L', 0).toString(2)).toBe('111011111000100');
  });

  test('version information (ISO 18004 table D.1)', () => {
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(8)).toBe(0x085bc);
    expect(versionBits(9)).toBe(0x09a99);
    expect(versionBits(10)).toBe(0x0a4d3);
    expect(versionBits(40)).toBe(0x28c69);
  });

  test('alignment pattern positions (ISO 18004 annex E)', () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(10)).toEqual([6, 28, 50]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  test('byte capacities at level M match the standard', () => {
    // ISO 18004 table 7, byte mode, level M: versions 1-10
    const capacity = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];
    capacity.forEach((bytes, i) => {
      const v = i + 1;
      const countBits = v <= 9 ? 8 : 16;
      expect(Math.floor((dataCodewords(v, 'M') * 8 - 4 - countBits) / 8)).toBe(bytes);
    });
    expect(Math.floor((dataCodewords(40, 'L') * 8 - 20) / 8)).toBe(2953);
    expect(Math.floor((dataCodewords(40, 'H') * 8 - 20) / 8)).toBe(1273);
  });

  test('data codewords: mode, count, bytes, terminator, pads 0xEC 0x11', () => {
    const cw = encodeDataCodewords(new TextEncoder().encode('AB'), 1, 'M');
    expect([...cw.slice(0, 5)]).toEqual([0x40, 0x24, 0x14, 0x20, 0xec]);
    expect(cw[5]).toBe(0x11);
    expect(cw).toHaveLength(16);
    const all = addEccAndInterleave(cw, 1, 'M');
    expect([...all.slice(16)]).toEqual(refRsEcc([...cw], 10));
  });
});

describe('matrices identical to an independent encoder (libqrencode)', () => {
  for (const name of [
    'qrencode-hello-world-M.txt',
    'qrencode-bcb-example-M.txt',
    'qrencode-condo-payload-M.txt',
  ]) {
    test(name, () => {
      const { input, rows } = fixture(name);
      const reference = refDecodeQr(rows); // the fixture itself reads back
      expect(reference.text).toBe(input);
      const ours = encodeQr(input, { ecl: 'M', mask: reference.mask });
      expect(ours.size).toBe(rows.length);
      expect(ours.version).toBe(reference.version);
      expect(ours.modules).toEqual(rows);
    });
  }

  test('the condo payload fixture is the one buildPixPayload writes today', () => {
    const payload = buildPixPayload({
      key: 'fulano@example.com',
      merchantName: 'Condomínio Edifício São João',
      merchantCity: 'São José dos Campos',
      amountCents: 123456,
      txid: 'CONDO2025030001APTO101',
      description: 'Taxa condominial 03/2025 apto 101',
    });
    expect(payload).toBe(fixture('qrencode-condo-payload-M.txt').input);
  });
});

describe('encodeQr', () => {
  test('version and size for known inputs', () => {
    expect(encodeQr('HELLO WORLD')).toMatchObject({ version: 1, size: 21, ecl: 'M' });
    expect(encodeQr(BCB_EXAMPLE)).toMatchObject({ version: 8, size: 49 }); // 141 bytes: v7-M holds 122, v8-M 152
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
    expect(encodeQr('x'.repeat(213)).version).toBe(10);
    expect(encodeQr('x'.repeat(214)).version).toBe(11);
    expect(() => encodeQr('x'.repeat(2332))).toThrow(/do not fit/);
  });

  test('finder patterns in three corners', () => {
    const { modules, size } = encodeQr(BCB_EXAMPLE);
    const finder = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    for (const [x0, y0] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      const got = finder.map((_, dy) =>
        modules[y0 + dy]!.slice(x0, x0 + 7)
          .map((d) => (d ? '#' : '.'))
          .join(''),
      );
      expect(got).toEqual(finder);
    }
  });

  test('reads back with an independent reader, every mask, versions 1 to 10', () => {
    for (let mask = 0; mask < 8; mask++) {
      const qr = encodeQr(BCB_EXAMPLE, { mask });
      expect(refDecodeQr(qr.modules)).toEqual({ version: 8, level: 'M', mask, text: BCB_EXAMPLE });
    }
    for (const length of [1, 14, 15, 26, 27, 42, 62, 84, 106, 122, 152, 180, 181, 213]) {
      const text = Array.from({ length }, (_, i) => 'AbC9*~'[i % 6]).join('');
      const qr = encodeQr(text);
      expect(refDecodeQr(qr.modules).text).toBe(text);
    }
    expect(refDecodeQr(encodeQr('Condomínio São João ✓').modules).text).toBe('Condomínio São João ✓'); // UTF-8 bytes
  });

  test('the automatic mask is one with the lowest penalty and the format bits say which', () => {
    const qr = encodeQr(BCB_EXAMPLE);
    expect(refDecodeQr(qr.modules).mask).toBe(qr.mask);
  });
});

describe('renderQrTerminal', () => {
  /** Turns the half-block drawing back into modules. */
  function unrender(text: string, lightOnDark: boolean): boolean[][] {
    const lines = text.split('\n').filter((l) => l.length > 0);
    const rows: boolean[][] = [];
    for (const line of lines) {
      const top: boolean[] = [];
      const bottom: boolean[] = [];
      for (const ch of line) {
        top.push(ch === '█' || ch === '▀');
        bottom.push(ch === '█' || ch === '▄');
      }
      rows.push(top, bottom);
    }
    return rows.map((r) => r.map((inked) => (lightOnDark ? !inked : inked)));
  }

  test('two module rows per line with a quiet zone, reading back to the matrix', () => {
    const qr = encodeQr(BCB_EXAMPLE);
    for (const lightOnDark of [true, false]) {
      const text = renderQrTerminal(BCB_EXAMPLE, { quietZone: 2, lightOnDark });
      const lines = text.split('\n').filter((l) => l.length > 0);
      expect(lines).toHaveLength(Math.ceil((qr.size + 4) / 2));
      for (const l of lines) expect([...l]).toHaveLength(qr.size + 4);
      const rows = unrender(text, lightOnDark);
      const inner = rows.slice(2, 2 + qr.size).map((r) => r.slice(2, 2 + qr.size));
      expect(inner).toEqual(qr.modules);
      expect(rows[0]!.every((d) => !d)).toBe(true); // quiet zone is light
      expect(rows[rows.length - 1]!.every((d) => !d)).toBe(true);
    }
  });
});
