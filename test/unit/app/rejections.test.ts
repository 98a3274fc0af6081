import { describe, expect, test } from 'vitest';
import { heldPayments, nextSteps } from '../../../src/app/rejections.js';

/** The steps as an English reader gets them; each is written in both languages (#53). */
const steps = (...args: Parameters<typeof nextSteps>) => nextSteps(...args).map((s) => s.en);

describe("what to do about a rejection, from the bank's code", () => {
  const p = (forma: string, code: string, supplier_id: number | null = 8) => ({
    public_id: '01M874TNVK0QXXW9Q3Q4X5YJY6',
    forma_pagamento: forma,
    supplier_id,
    last_return: { code, message: '' },
  });
  const mark = 'condo payables mark 01M874TNVK0QXXW9Q3Q4X5YJY6';

  test("the payee's account or PIX key: correct the supplier, then mark again", () => {
    expect(steps(p('ted', 'AN'))).toEqual([
      'condo suppliers update 8 --bank-code <nnn> --agency <nnnn> --account <nnnnn-d>',
      mark,
    ]);
    expect(steps(p('pix', 'PJ'))).toEqual(['condo suppliers update 8 --pix-key <key>', mark]);
    // a Portuguese reader's placeholder in their words
    expect(nextSteps(p('pix', 'PJ'))[0]?.pt).toBe('condo suppliers update 8 --pix-key <chave>');
  });

  test("a boleto's digits: correct the document", () => {
    expect(steps(p('boleto', 'CC'))).toEqual([
      'condo payables update 01M874TNVK0QXXW9Q3Q4X5YJY6 --document <linha digitável>',
      mark,
    ]);
  });

  test("the condominium's own account (funds): nothing to correct on the payable", () => {
    expect(steps(p('ted', 'HF'))[0]).toContain("the condominium's paying account");
    expect(steps(p('pix', 'SS'))[1]).toBe(mark);
  });

  test("an unknown code, or a payee account problem with no supplier: read the bank's reason", () => {
    expect(steps(p('ted', 'X9'))[0]).toContain("read the bank's reason");
    expect(steps(p('ted', 'AN', null))[0]).toContain("read the bank's reason");
  });
});

describe("the advice follows the code's class (#28)", () => {
  const p = (forma: string, code: string) => ({
    public_id: '01M874TNVK0QXXW9Q3Q4X5YJY6',
    forma_pagamento: forma,
    supplier_id: 8,
    last_return: { code, message: '' },
  });
  const mark = 'condo payables mark 01M874TNVK0QXXW9Q3Q4X5YJY6';

  test('settled-do-not-pay-again (ZK): check the statement; marking needs --force and says when', () => {
    const settled = steps(p('boleto', 'ZK'));
    expect(settled[0]).toBe(
      '(the bank says this boleto is already paid: check the statement before paying it again)',
    );
    expect(settled).not.toContain(mark);
    expect(settled.join('\n')).not.toContain('--document');
    expect(settled.at(-1)).toBe(`${mark} --force   (only when the statement shows it was not paid)`);
  });

  test('rejected-to-correct: correct what the code names, then mark', () => {
    for (const [forma, code] of [
      ['ted', 'AN'],
      ['pix', 'PJ'],
      ['boleto', 'CC'],
      ['ted', 'HF'],
    ] as const)
      expect(steps(p(forma, code)).at(-1)).toBe(mark);
  });

  test('the classes of the codes', async () => {
    const { occurrenceClass } = await import('../../../src/formats/cnab240/codes.js');
    expect(occurrenceClass('00')).toBe('paid');
    expect(occurrenceClass('BD')).toBe('scheduled');
    expect(occurrenceClass('BD', '341')).toBe('scheduled');
    expect(occurrenceClass('AN')).toBe('rejected-to-correct');
    expect(occurrenceClass('HF')).toBe('rejected-to-correct');
    expect(occurrenceClass('ZK')).toBe('settled-do-not-pay-again');
    expect(occurrenceClass('zk', '341')).toBe('settled-do-not-pay-again');
    expect(occurrenceClass('ZA')).toBe('info');
  });
});

describe('a payment the bank holds says so after import-return (#34 point 2)', () => {
  const item = (code: string) => ({
    public_id: '01M874TNVK0QXXW9Q3Q4X5YJY6',
    outcome: 'scheduled',
    last_return: { code, message: 'Pagamento em análise de segurança' },
  });
  test('Sicoob’s BS: the statement to check, in both languages; the same code elsewhere, and a BD, say nothing', () => {
    const [held, ...more] = heldPayments([item('BS'), item('BD')], '756');
    expect(more).toEqual([]);
    expect(held?.en).toBe(
      'held 01M874TNVK0QXXW9Q3Q4X5YJY6: BS Pagamento em análise de segurança; no later return will say how it ended: check the statement before paying it again',
    );
    expect(held?.pt).toContain('confira o extrato antes de pagar de novo');
    expect(heldPayments([item('BS')], '237')).toEqual([]);
    expect(heldPayments([item('BS')], undefined)).toEqual([]);
  });
});
