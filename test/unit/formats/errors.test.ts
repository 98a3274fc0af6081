import { describe, expect, test } from 'vitest';
import { itfElements } from '../../../src/domain/boleto/itf.js';
import { FormatError } from '../../../src/domain/errors.js';
import { writePaymentReturn } from '../../../src/formats/cnab240/return.js';

/** The formats modules throw one error type, carrying the line of the file when there is one. */
describe('FormatError', () => {
  test('a remittance the return writer cannot read names its line', () => {
    const broken = `X${'0'.repeat(100)}\r\n`;
    let thrown: unknown;
    try {
      writePaymentReturn(broken, () => ({ code: '00' }) as never);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(FormatError);
    expect((thrown as FormatError).line).toBeGreaterThanOrEqual(1);
    expect((thrown as FormatError).message).toMatch(/^remittance is not readable: line \d+: /);
  });

  test('input a writer cannot encode is a FormatError too (and still a RangeError)', () => {
    expect(() => itfElements('123')).toThrow(FormatError);
    expect(() => itfElements('123')).toThrow(RangeError);
  });
});
