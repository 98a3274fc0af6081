import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { streamOfxTransactions } from '../../../src/formats/ofx/index.js';
import {
  parseStatement,
  streamStatementTransactions,
  summarizeStatement,
} from '../../../src/formats/statement/index.js';

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

/** A ~100 MB OFX file made on the fly, in 64 KiB chunks; nothing is written to disk. */
function syntheticOfx(targetBytes: number): {
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

describe('streaming', () => {
  test('a 100 MB OFX streams in bounded memory (transactions not retained)', async () => {
    const { chunks, expected } = syntheticOfx(100 * 1024 * 1024);
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
      if (count % 50_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      }
      r = await it.next();
    }
    const parsed = r.value;
    gc();
    const growth = Math.max(peak, process.memoryUsage().heapUsed - before);
    expect(expected.bytes).toBeGreaterThanOrEqual(100 * 1024 * 1024 - 70_000);
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
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });

  test('the callback form counts and sums without retaining', async () => {
    const { chunks, expected } = syntheticOfx(2 * 1024 * 1024);
    let count = 0;
    let sum = 0;
    const parsed = await parseStatement(chunks, {
      keepTransactions: false,
      onTransaction: (t, statementIndex) => {
        expect(statementIndex).toBe(0);
        count++;
        sum += t.amountCents;
      },
    });
    expect(count).toBe(expected.count);
    expect(sum).toBe(expected.sum);
    expect(parsed.statements[0]!.transactionCount).toBe(expected.count);
    expect(parsed.statements[0]!.transactions).toEqual([]);
  });

  test('transactions come out before the input ends', async () => {
    const { chunks } = syntheticOfx(1024 * 1024);
    let pulled = 0;
    async function* counting() {
      for await (const c of chunks) {
        pulled++;
        yield c;
      }
    }
    const it = streamOfxTransactions(counting());
    const first = await it.next();
    expect(first.done).toBe(false);
    expect(pulled).toBeLessThan(3);
    if (!first.done)
      expect(first.value.transaction.memo).toBe('PAGAMENTO CONDOMÍNIO UNIDADE 0 & TAXA EXTRA DE MANUTENÇÃO');
    await it.return(undefined as never);
  });

  test('a multi-byte UTF-8 character split across chunks is decoded once', async () => {
    const text =
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>1<ACCTID>2</BANKACCTFROM>' +
      '<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1<FITID>1<MEMO>ação€</STMTTRN>' +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const bytes = Buffer.from(text, 'utf8');
    async function* bytewise() {
      for (const b of bytes) yield new Uint8Array([b]);
    }
    const parsed = await parseStatement(bytewise());
    expect(parsed.encoding).toBe('utf-8');
    expect(parsed.statements[0]!.transactions[0]!.memo).toBe('ação€');
  });
});
