import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Io } from '../../../src/cli/io.js';
import { printList } from '../../../src/cli/output.js';

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
      [{ header: 'V', value: (r) => r.v, kind: 'reais' }],
    );
    expect(text()).toBe('0.29\n1234.50\n99999999.99\n12.345\n');
  });

  test('control characters of data are escaped, tabs and newlines become spaces', async () => {
    const { io, text } = captured();
    await printList(
      { io, format: 'tsv' },
      [{ n: 'a\u001b[31mb\tc\nd\u009b\u007f' }],
      [{ header: 'N', value: (r) => r.n }],
    );
    expect(text()).toBe('a\\x1B[31mb c d\\x9B\\x7F\n');
  });
});
