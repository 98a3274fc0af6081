// The remittance the benches read: `payments` TEDs from one condominium to one supplier (two records each).
import { writePaymentRemittance } from '../src/formats/cnab240/index.js';

export function benchRemittance(payments: number): string {
  return writePaymentRemittance({
    company: {
      name: 'CONDOMINIO BENCH',
      document: '11222333000181',
      bankCode: '341',
      bankName: 'ITAU',
      agency: '0350',
      account: '12345',
      accountDigit: '6',
    },
    fileSequence: 1,
    generatedAt: '2026-11-22T10:00:00',
    paymentDate: '2026-11-23',
    payments: Array.from({ length: payments }, (_, i) => ({
      forma: 'ted' as const,
      seuNumero: `BENCH${String(i).padStart(15, '0')}`,
      amountCents: 10_000 + (i % 50_000),
      payeeName: 'FORNECEDOR DE TESTE LTDA',
      payeeDocument: '12345678000195',
      bank: { bankCode: '237', agency: '3321', account: '71234', accountDigit: '5' },
    })),
  });
}
