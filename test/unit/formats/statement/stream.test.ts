import { describe, expect, test } from 'vitest';
import { streamOfxTransactions } from '../../../../src/formats/ofx/index.js';
import { parseStatement } from '../../../../src/formats/statement/index.js';
import { syntheticOfx } from './synthetic-ofx.js';

describe('streaming', () => {
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
