// The remittance the benches read: `payments` TEDs from one condominium to one supplier (two records each).
import {
  type RemittanceHeader,
  type TransferPayment,
  writePaymentRemittance,
} from '../src/formats/cnab240/index.js';

export const BENCH_HEADER: RemittanceHeader = {
  company: {
    name: 'CONDOMINIO BENCH',
    document: '11222333000181',
    bankCode: '341',
    bankName: 'ITAU',
    agency: '0350',
    account: '12345',
    // the digit Itaú's algorithm gives for agência 0350, conta 12345: a bench file lints clean (#73)
    accountDigit: '1',
  },
  fileSequence: 1,
  generatedAt: '2026-11-22T10:00:00',
  paymentDate: '2026-11-23',
};

/** The bench's payments, one at a time. */
export function* benchPayments(payments: number): Generator<TransferPayment> {
  for (let i = 0; i < payments; i++)
    yield {
      forma: 'ted',
      seuNumero: `BENCH${String(i).padStart(15, '0')}`,
      amountCents: 10_000 + (i % 50_000),
      payeeName: 'FORNECEDOR DE TESTE LTDA',
      payeeDocument: '12345678000195',
      bank: { bankCode: '237', agency: '3321', account: '71234', accountDigit: '5' },
    };
}

export function benchRemittance(payments: number): string {
  return writePaymentRemittance({ ...BENCH_HEADER, payments: [...benchPayments(payments)] });
}
