/**
 * Interleaved 2 of 5 (ITF), the bar code printed on a boleto (FEBRABAN: 44 digits, narrow:wide 1:3). Each pair of
 * digits becomes five bars (the first digit) interleaved with five spaces (the second), each narrow or wide, two
 * of the five wide; a start (narrow bar, space, bar, space) and a stop (wide bar, narrow space, narrow bar) frame
 * them. Pure: it gives the elements; whoever draws decides the module width.
 */
import { FormatError } from '../errors.js';

/** The five elements of each digit: n narrow, w wide. */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

const START = 'nnnn';
const STOP = 'wnn';

/**
 * The elements of an ITF code, alternating bar and space and beginning with a bar: `n` narrow, `w` wide.
 * Throws a RangeError unless `digits` is an even number of digits.
 */
export function itfElements(digits: string): string {
  if (!/^(\d\d)+$/.test(digits))
    throw new FormatError(`ITF encodes an even number of digits, got '${digits}'`);
  let out = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])] as string;
    const spaces = PATTERNS[Number(digits[i + 1])] as string;
    for (let k = 0; k < 5; k++) out += `${bars[k]}${spaces[k]}`;
  }
  return out + STOP;
}

/** The bars to draw: each bar's offset and width in modules (narrow 1, wide `ratio`), and the total width. */
export function itfBars(digits: string, ratio = 3): { bars: { x: number; width: number }[]; width: number } {
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  for (const [i, element] of [...itfElements(digits)].entries()) {
    const width = element === 'w' ? ratio : 1;
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  }
  return { bars, width: x };
}
