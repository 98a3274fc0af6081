import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect } from 'vitest';
import { streamStatementTransactions, summarizeStatement } from '../../../../src/formats/statement/index.js';

/**
 * A synthetic OFX statement of any size, made on the fly (nothing on disk), and the check that streaming it keeps
 * memory flat (`npm run stress`, 100 MB); npm test streams a few megabytes of it.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const HEADER =
  'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\n' +
  'COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n' +
  '<TRNUID>1\r\n<STMTRS>\r\n<CURDEF>BRL\r\n<BANKACCTFROM>\r\n<BANKID>0001\r\n<ACCTID>99999-9\r\n' +
  '<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>20240101\r\n<DTEND>20241231\r\n';
const FOOTER =
  '</BANKTRANLIST>\r\n<LEDGERBAL>\r\n<BALAMT>0,00\r\n<DTASOF>20241231\r\n</LEDGERBAL>\r\n</STMTRS>\r\n' +
  '</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n';

/** The i-th synthetic transaction: its amount in cents and its SGML text (Latin-1, comma decimals). */
function transaction(i: number): { cents: number; text: string } {
  const cents = ((i * 7919) % 200_001) - 100_000;
  const abs = Math.abs(cents);
  const amount = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  const text =
    `<STMTTRN>\r\n<TRNTYPE>${cents < 0 ? 'DEBIT' : 'CREDIT'}\r\n<DTPOSTED>2024${month}${day}120000[-3:BRT]\r\n` +
    `<TRNAMT>${amount}\r\n<FITID>${i}\r\n<CHECKNUM>${i % 100000}\r\n` +
    `<MEMO>PAGAMENTO CONDOMÍNIO UNIDADE ${i % 500} &amp; TAXA EXTRA DE MANUTENÇÃO\r\n</STMTTRN>\r\n`;
  return { cents, text };
}

/** An OFX file of about `targetBytes` made on the fly, in 64 KiB chunks; nothing is written to disk. */
export function syntheticOfx(targetBytes: number): {
  chunks: AsyncIterable<Uint8Array>;
  expected: { count: number; sum: number; bytes: number };
} {
  const expected = { count: 0, sum: 0, bytes: 0 };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let pending: string[] = [HEADER];
    let size = HEADER.length;
    let i = 0;
    while (expected.bytes + size < targetBytes) {
      const t = transaction(i++);
      expected.count++;
      expected.sum += t.cents;
      pending.push(t.text);
      size += t.text.length;
      if (size >= 65536) {
        const bytes = Buffer.from(pending.join(''), 'latin1');
        expected.bytes += bytes.length;
        pending = [];
        size = 0;
        yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
    }
    pending.push(FOOTER);
    const bytes = Buffer.from(pending.join(''), 'latin1');
    expected.bytes += bytes.length;
    yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return { chunks: chunks(), expected };
}

/**
 * Streams `megabytes` of synthetic OFX and checks every transaction comes out, counted and summed, while the heap
 * grows by less than `maxGrowthMb`: retaining the transactions would cost more than the file's own size.
 */
export async function expectStreamsInBoundedMemory(
  megabytes: number,
  maxGrowthMb: number,
): Promise<{ transactions: number; growthMb: number }> {
  const { chunks, expected } = syntheticOfx(megabytes * 1024 * 1024);
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  let count = 0;
  let sum = 0;
  const it = streamStatementTransactions(chunks);
  let r = await it.next();
  while (!r.done) {
    count++;
    sum += r.value.transaction.amountCents;
    if (count % 10_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    r = await it.next();
  }
  const parsed = r.value;
  gc();
  const growth = Math.max(peak, process.memoryUsage().heapUsed - before);
  expect(expected.bytes).toBeGreaterThanOrEqual(megabytes * 1024 * 1024 - 70_000);
  expect(parsed.errors).toEqual([]);
  expect(parsed.encoding).toBe('windows-1252');
  expect(count).toBe(expected.count);
  expect(sum).toBe(expected.sum);
  const summary = summarizeStatement(parsed);
  expect(summary.transactions).toBe(expected.count);
  expect(summary.net_amount_cents).toBe(expected.sum);
  expect(summary.first_date).toBe('2024-01-01');
  expect(summary.last_date).toBe('2024-12-28');
  expect(parsed.statements[0]!.transactions).toEqual([]);
  expect(growth).toBeLessThan(maxGrowthMb * 1024 * 1024);
  return { transactions: count, growthMb: growth / 1024 / 1024 };
}
