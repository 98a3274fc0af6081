import { describe, expect, test } from 'vitest';
import { itfBars, itfElements } from '../../../../src/domain/boleto/itf.js';

/**
 * Interleaved 2 of 5 against the standard's own table, read back by a decoder written here from the standard
 * (bars carry the first digit of a pair, spaces the second; two wide of five; weights 1 2 4 7 0).
 */

const WEIGHTS = [1, 2, 4, 7, 0];
function decodeDigit(elements: string): number {
  const sum = [...elements].reduce((s, e, i) => s + (e === 'w' ? (WEIGHTS[i] as number) : 0), 0);
  return sum === 11 ? 0 : sum; // the standard's rule: 4 + 7 stands for 0
}

function decode(elements: string): string {
  expect(elements.slice(0, 4)).toBe('nnnn');
  expect(elements.slice(-3)).toBe('wnn');
  const body = elements.slice(4, -3);
  let out = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    const bars = [...pair].filter((_, k) => k % 2 === 0).join('');
    const spaces = [...pair].filter((_, k) => k % 2 === 1).join('');
    expect([...bars].filter((e) => e === 'w')).toHaveLength(2);
    expect([...spaces].filter((e) => e === 'w')).toHaveLength(2);
    out += `${decodeDigit(bars)}${decodeDigit(spaces)}`;
  }
  return out;
}

describe('ITF', () => {
  test('every digit pair reads back through the weights of the standard', () => {
    for (let a = 0; a < 10; a++)
      for (let b = 0; b < 10; b++) expect(decode(itfElements(`${a}${b}`))).toBe(`${a}${b}`);
  });

  test("a boleto's 44 digits: 22 pairs, 7 + 22 * 10 elements, read back whole", () => {
    const barcode = '34191164500000350001090000014500350123451000';
    const elements = itfElements(barcode);
    expect(elements).toHaveLength(4 + 22 * 10 + 3);
    expect(decode(elements)).toBe(barcode);
    const { bars, width } = itfBars(barcode);
    expect(bars).toHaveLength(2 + 22 * 5 + 2);
    // each pair is 5 narrow + ... : 2 wide bars and 2 wide spaces of 3, 3 narrow of each: 2*(2*3+3) = 18 modules
    expect(width).toBe(4 + 22 * 18 + 3 + 2);
  });

  test('an odd count or a non-digit is refused', () => {
    expect(() => itfElements('123')).toThrow(RangeError);
    expect(() => itfElements('12a4')).toThrow(RangeError);
  });
});
