// #73 point 4: the files the bench times lint clean, so a timing is of a clean file (the bench's conta 12345 once
// carried digit 6, which Itaú's algorithm for agência 0350 makes 1).
import { describe, expect, test } from 'vitest';
import { benchDda } from '../../../../bench/dda.js';
import { benchRemittance } from '../../../../bench/remittance.js';
import { lintCnab } from '../../../../src/formats/cnab240/lint.js';

describe("the bench's CNAB files", () => {
  test.each([
    ['remittance', () => benchRemittance(200)],
    ['DDA', () => benchDda(200)],
  ])('its %s lints with no error and no warning', async (_kind, make) => {
    const report = await lintCnab(make());
    expect(report.findings.map((f) => `${f.line} ${f.rule}: ${f.message}`)).toEqual([]);
  });
});
