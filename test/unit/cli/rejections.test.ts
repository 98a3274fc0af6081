import { describe, expect, test } from 'vitest';
import { nextSteps } from '../../../src/cli/rejections.js';

describe("what to do about a rejection, from the bank's code", () => {
  const p = (forma: string, code: string, supplier_id: number | null = 8) => ({
    public_id: '01M874TNVK0QXXW9Q3Q4X5YJY6',
    forma_pagamento: forma,
    supplier_id,
    last_return: { code, message: '' },
  });
  const mark = 'condo payables mark 01M874TNVK0QXXW9Q3Q4X5YJY6';

  test("the payee's account or PIX key: correct the supplier, then mark again", () => {
    expect(nextSteps(p('ted', 'AN'))).toEqual([
      'condo suppliers update 8 --bank-code <nnn> --agency <nnnn> --account <nnnnn-d>',
      mark,
    ]);
    expect(nextSteps(p('pix', 'PJ'))).toEqual(['condo suppliers update 8 --pix-key <key>', mark]);
  });

  test("a boleto's digits: correct the document", () => {
    expect(nextSteps(p('boleto', 'CC'))).toEqual([
      'condo payables update 01M874TNVK0QXXW9Q3Q4X5YJY6 --document <linha digitável>',
      mark,
    ]);
  });

  test("the condominium's own account (funds): nothing to correct on the payable", () => {
    expect(nextSteps(p('ted', 'HF'))[0]).toContain("the condominium's paying account");
    expect(nextSteps(p('pix', 'SS'))[1]).toBe(mark);
  });

  test("an unknown code, or a payee account problem with no supplier: read the bank's reason", () => {
    expect(nextSteps(p('ted', 'X9'))[0]).toContain("read the bank's reason");
    expect(nextSteps(p('ted', 'AN', null))[0]).toContain("read the bank's reason");
  });
});
