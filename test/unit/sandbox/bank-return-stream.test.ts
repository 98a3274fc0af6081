import { describe, expect, test } from 'vitest';
import { cpfWithCheckDigits } from '../../../src/domain/documents.js';
import { type RemittancePayment, writePaymentRemittance } from '../../../src/formats/cnab240/index.js';
import { simulateBankReturn, streamBankReturn } from '../../../src/sandbox/index.js';
import { sampleInput } from '../formats/cnab240/fixtures.js';

/**
 * #32: `sandbox bank-return` answers a remittance read from a file, twice as a stream (checked, then answered a
 * megabyte at a time). The answer is the one the whole-text simulator gives (the oracle), wherever the file's
 * chunks break, a CRLF split between two of them included.
 */
const TED = (i: number): RemittancePayment => {
  const base = {
    seuNumero: `SEU${String(i + 1).padStart(5, '0')}`,
    amountCents: 10_000 + i,
    payeeName: `Fornecedor ${i + 1}`,
    payeeDocument: cpfWithCheckDigits(String(100_000_001 + i * 7)),
  };
  return i % 3
    ? {
        ...base,
        forma: 'ted',
        bank: { bankCode: '237', agency: '3321', account: '71234', accountDigit: '5' },
      }
    : { ...base, forma: 'pix', pixKey: 'financeiro@fornecedor.com.br', pixKeyType: 'email' };
};

const remittance = (n: number) =>
  writePaymentRemittance(
    sampleInput(
      Array.from({ length: n }, (_, i) => TED(i)),
      null,
    ),
  );

async function streamed(text: string, chunkSize: number, opts: Parameters<typeof streamBankReturn>[1]) {
  const bytes = Buffer.from(text, 'latin1');
  async function* open() {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  }
  const { chunks, counts } = await streamBankReturn(open, opts);
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return { text: Buffer.concat(parts).toString('latin1'), counts };
}

describe('streamBankReturn', () => {
  test('the same return as the whole-text simulator, wherever the chunks break', async () => {
    const rem = remittance(40);
    const opts = { rejectRate: 0.3, seed: 11, reject: ['SEU00002:AN'] };
    const whole = simulateBankReturn(rem, opts);
    for (const size of [241, 242, 243, 1000, 1 << 20]) {
      const got = await streamed(rem, size, opts);
      expect(got.text, `chunks of ${size}`).toBe(whole.text);
      expect(got.counts).toEqual({ paid: whole.paid, scheduled: whole.scheduled, rejected: whole.rejected });
    }
  });

  test('a file bigger than a megabyte of answer comes in several chunks, the same bytes', async () => {
    const rem = remittance(2_500); // 5,000 records: 1.2 MB
    const whole = simulateBankReturn(rem, { seed: 3 });
    const got = await streamed(rem, 65_536, { seed: 3 });
    expect(got.text).toBe(whole.text);
  });

  test('what the whole-text simulator refuses, it refuses, before writing a byte', async () => {
    await expect(streamed('', 100, {})).rejects.toThrow(/the remittance file is empty/);
    const cut = remittance(3).split('\r\n').slice(0, -2).join('\r\n');
    await expect(streamed(cut, 100, {})).rejects.toThrow(/truncated/);
    await expect(streamed(remittance(3), 100, { reject: ['NOPE'] })).rejects.toThrow(/cannot reject "NOPE"/);
  });
});
