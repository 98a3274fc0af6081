import { expect, test } from 'vitest';
import {
  classifyOccurrences,
  decodePaymentOccurrences,
  occurrenceClass,
} from '../../../../src/formats/cnab240/codes.js';
import { diffCnab } from '../../../../src/formats/cnab240/diff.js';
import { explainReturnCode, returnCode } from '../../../../src/formats/cnab240/explain.js';
import { readCnab240Sync } from '../../../../src/formats/cnab240/reader.js';
import { writePaymentReturn } from '../../../../src/formats/cnab240/return.js';
import { writePaymentRemittance } from '../../../../src/formats/cnab240/writer.js';
import { sampleInput, samplePayments } from './fixtures.js';

/** #34 points 2 and 3: a return code explained at its bank; a remittance and its return paired offline. */

test('BD is an inclusion at FEBRABAN and a scheduled payment at Itaú: both meanings, one class, what to do', () => {
  const itau = explainReturnCode('BD', '341');
  expect(itau).toMatchObject({
    meaning: 'Inclusão efetuada com sucesso (pagamento agendado)',
    source: 'bank',
    febraban_meaning: 'Inclusão efetuada com sucesso',
    class: 'scheduled',
    bank_name: 'Itaú Unibanco',
  });
  const febraban = explainReturnCode('BD');
  expect(febraban).toMatchObject({
    meaning: 'Inclusão efetuada com sucesso',
    source: 'febraban',
    febraban_meaning: null,
  });
  // a bank without a table of its own answers with FEBRABAN's
  expect(explainReturnCode('BD', '104')).toMatchObject({ source: 'febraban', class: 'scheduled' });
});

test('Sicoob’s BS is held in security analysis: its own class, the statement to check, and never "mark it again"', () => {
  const bs = explainReturnCode('BS', '756');
  expect(bs).toMatchObject({
    meaning: 'Pagamento em análise de segurança',
    febraban_meaning: 'Suspensão efetuada com sucesso',
    class: 'check-the-statement',
    concern: null,
  });
  expect(bs.next.en).toContain('check the statement');
  expect(bs.next.en).not.toContain('mark');
  expect(occurrenceClass('BS', '756')).toBe('check-the-statement');
  expect(classifyOccurrences('BS', '756')).toBe('scheduled');
  expect(decodePaymentOccurrences('BS', '756')[0]?.message).toBe('Pagamento em análise de segurança');
  // elsewhere BS keeps FEBRABAN's meaning
  expect(decodePaymentOccurrences('BS', '237')[0]?.message).toBe('Suspensão efetuada com sucesso');
});

test('Santander’s and Caixa’s own codes (with their sources in codes.ts): a G059 code read as the bank means it', () => {
  // Santander gives ZK and ZA meanings of its own: an authorization begun, a transfer sent back
  const zk = explainReturnCode('ZK', '033');
  expect(zk).toMatchObject({
    meaning: 'Autorização iniciada no Internet Banking',
    source: 'bank',
    febraban_meaning: 'Boleto já liquidado',
    class: 'scheduled',
    bank_name: 'Santander',
  });
  expect(classifyOccurrences('ZA', '033')).toBe('rejected');
  expect(classifyOccurrences('ZA', '341')).toBe('scheduled'); // G059's remark elsewhere
  expect(explainReturnCode('Z9', '033')).toMatchObject({ source: 'bank', class: 'rejected-to-correct' });
  expect(explainReturnCode('B1', '033')).toMatchObject({ class: 'scheduled' });
  // held until the company's signatories authorize it: said, not "nothing to do yet"
  expect(zk.next.en).toMatch(/^authorize it in Santander's Internet Banking/);
  expect(zk.next.pt).toMatch(/^autorize no Internet Banking do Santander/);
  // Caixa: a boleto whose registration says paid, and a PIX whose outcome only the statement knows
  expect(explainReturnCode('DH', '104')).toMatchObject({
    meaning: 'ID já se encontra pago',
    febraban_meaning: null,
    class: 'settled-do-not-pay-again',
  });
  expect(explainReturnCode('WO', '104')).toMatchObject({ class: 'check-the-statement' });
  expect(explainReturnCode('ZK', '104')).toMatchObject({ class: 'settled-do-not-pay-again' });
  expect(explainReturnCode('HM', '104')).toMatchObject({
    meaning: 'Versão do arquivo inválida',
    febraban_meaning: expect.any(String),
    class: 'rejected-to-correct',
  });
  // Bradesco and Banco do Brasil answer with G059 as it is
  for (const bank of ['237', '001'])
    expect(explainReturnCode('ZK', bank)).toMatchObject({
      source: 'febraban',
      class: 'settled-do-not-pay-again',
    });
});

test('a refusal names whose data to correct; a settled bill says not to pay again; an unknown code is not guessed', () => {
  expect(explainReturnCode('PM', '001')).toMatchObject({ class: 'rejected-to-correct', concern: 'payee' });
  expect(explainReturnCode('HB')).toMatchObject({ concern: 'paying-account' });
  expect(explainReturnCode('IP', '341')).toMatchObject({ concern: 'barcode' });
  expect(explainReturnCode('ZK')).toMatchObject({ class: 'settled-do-not-pay-again', concern: null });
  expect(explainReturnCode('QQ', '341')).toMatchObject({ source: 'none', meaning: null });
  expect(returnCode(' bd ')).toBe('BD');
  expect(returnCode('B')).toBeNull();
  expect(returnCode('BDX')).toBeNull();
});

function pair(decide: Parameters<typeof writePaymentReturn>[1], dropAnswer?: string) {
  const remittance = writePaymentRemittance(sampleInput(samplePayments(), 'itau-sispag'));
  let ret = writePaymentReturn(remittance, decide);
  if (dropAnswer)
    ret = ret
      .split('\r\n')
      .filter((l) => !l.includes(dropAnswer))
      .join('\r\n');
  return diffCnab(readCnab240Sync(remittance), readCnab240Sync(ret));
}

test('every payment answered as sent: paired, nothing amiss', () => {
  const d = pair(() => ({ code: '00' }));
  expect(d).toMatchObject({ paired: 11, no_answer: 0, no_payment: 0, amount_changed: 0, date_moved: 0 });
  expect(d.pairs.every((p) => p.outcome === 'paid' && p.findings.length === 0)).toBe(true);
});

test('a changed amount, a date moved by the bank (AE or a later payment) and a refusal are each told apart', () => {
  let n = 0;
  const d = pair((item) => {
    n++;
    if (n === 1) return { code: '00', paidAmountCents: (item.amount_cents ?? 0) + 5 };
    if (n === 2) return { code: ['AE', 'BD'] };
    if (n === 3) return { code: 'PM' };
    if (n === 4) return { code: '00', paidDate: '2025-03-07' };
    return { code: '00' };
  });
  expect(d.pairs.slice(0, 5).map((p) => [p.key, p.findings, p.outcome])).toEqual([
    ['PIXCPF0001', ['amount-changed'], 'paid'],
    ['PIXCNPJ0002', ['date-moved'], 'scheduled'],
    ['PIXMAIL0003', [], 'rejected-to-correct'],
    ['PIXFONE0004', ['date-moved'], 'paid'],
    ['PIXRAND0005', [], 'paid'],
  ]);
  expect(d).toMatchObject({ amount_changed: 1, date_moved: 2, no_answer: 0 });
});

test('a payment the return leaves out has no answer; an answer to another remittance has no payment', () => {
  const d = pair(() => ({ code: '00' }), 'PIXMAIL0003');
  expect(d.no_answer).toBe(1);
  expect(d.pairs.find((p) => p.key === 'PIXMAIL0003')).toMatchObject({
    answer: null,
    findings: ['no-answer'],
  });

  const other = writePaymentRemittance(
    sampleInput(
      samplePayments().map((p) => ({ ...p, seuNumero: `X${p.seuNumero}`.slice(0, 20) })),
      'itau-sispag',
    ),
  );
  const mine = writePaymentRemittance(sampleInput(samplePayments(), 'itau-sispag'));
  const foreign = diffCnab(
    readCnab240Sync(mine),
    readCnab240Sync(writePaymentReturn(other, () => ({ code: '00' }))),
  );
  expect(foreign).toMatchObject({ paired: 0, no_answer: 11, no_payment: 11 });
});
