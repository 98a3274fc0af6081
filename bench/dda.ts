// The DDA file the benches read: `boletos` boletos registered against one condominium, each a segment G with its H
// and Y-03 (three records), as Itaú writes them, with valid barcodes that agree with their records, from 500
// beneficiaries (a file of one beneficiary hid that a cache of their CNPJs held the text they were cut from).

import { buildBoleto } from '../src/domain/boleto/index.js';
import { cnpjWithCheckDigits } from '../src/domain/documents.js';
import { type DdaBoletoInput, ddaLines } from '../src/formats/cnab240/index.js';

const BENEFICIARIES = Array.from({ length: 500 }, (_, k) => ({
  document: cnpjWithCheckDigits(String(12_345_678_0001 + k * 10_000).padStart(12, '0')),
  name: `FORNECEDOR ${k + 1} DE TESTE LTDA`,
}));

function* benchBoletos(count: number): Generator<DdaBoletoInput> {
  for (let i = 0; i < count; i++) {
    const dueDate = `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`;
    const amountCents = 10_000 + (i % 90_000);
    const nossoNumero = String(i % 100_000_000).padStart(8, '0');
    yield {
      barcode: buildBoleto({
        bankCode: '341',
        dueDate,
        amountCents,
        freeField: `109${nossoNumero}00912458730000`,
      }).barcode,
      beneficiary: BENEFICIARIES[(i * 7) % BENEFICIARIES.length] as DdaBoletoInput['beneficiary'],
      dueDate,
      amountCents,
      documentNumber: `NF ${i}`,
      issueDate: '2026-11-20',
      fine: { code: '2', date: dueDate, valueCents: 200 },
      payer: { document: '11222333000181', name: 'CONDOMINIO BENCH' },
    };
  }
}

/** The whole file as bytes' text (CRLF), written as the records come. */
export function benchDda(boletos: number): string {
  const parts: string[] = [];
  for (const line of ddaLines({
    bankCode: '341',
    bankName: 'BANCO ITAU SA',
    company: {
      name: 'CONDOMINIO BENCH',
      document: '11222333000181',
      agency: '0350',
      account: '12345',
      // the digit Itaú's algorithm gives for agência 0350, conta 12345 (#73): the bench's file lints clean
      accountDigit: '1',
    },
    generatedAt: '2026-11-26T06:00:00',
    fileSequence: 1,
    boletos: benchBoletos(boletos),
  }))
    parts.push(line);
  return `${parts.join('\r\n')}\r\n`;
}
