import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  type ParsedStatementFile,
  parseStatement,
  sniffStatementFormat,
  summarizeStatement,
} from '../../../../src/formats/statement/index.js';
import { corpusDir, manifest } from '../../../corpus.js';

const corpus = corpusDir('statements');

interface Row {
  path: string;
  format: string;
  encoding: string;
  transactions: number;
  notes: string;
}

const rows: Row[] = manifest('statements').map((m) => ({
  path: m.local_path!,
  format: m.format!,
  encoding: m.encoding!,
  transactions: Number(m.transactions),
  notes: m.notes!,
}));

/** Files broken on purpose, by the manifest's own words. */
const isBroken = (row: Row) => /DELIBERATE|MALFORMED|BUSTED|INVALID/.test(row.notes);

/**
 * Files the manifest counts as valid whose STMTTRNs carry no usable data: an anonymizer replaced every date with
 * `****` (ofx-js example2: "dates unparseable"), or the body was cut to `*snipped*` (asgrim banking-xml200).
 * A statement line without a date cannot be imported, so each such STMTTRN must be reported with its line.
 */
const isUnusable = (row: Row) =>
  /dates unparseable/.test(row.notes) || row.path.endsWith('ofxdata-banking-xml200.ofx');

const total = (p: ParsedStatementFile) => p.statements.reduce((n, s) => n + s.transactionCount, 0);

/** Balance lines (Caixa's `SALDO DIA` STMTTRN, BB's `Saldo Anterior` rows) are counted by the manifest, not by us. */
function skippedBalanceLines(p: ParsedStatementFile): number {
  const fromCsv = (p as { balanceRows?: number }).balanceRows ?? 0;
  const fromOfx = p.warnings.filter((w) => /a balance line, not a transaction/.test(w.message)).length;
  return fromCsv + fromOfx;
}

function expectIssuesWellFormed(p: ParsedStatementFile) {
  for (const issue of [...p.errors, ...p.warnings]) {
    expect(Number.isInteger(issue.line) && issue.line >= 1).toBe(true);
    expect(issue.message).not.toMatch(/\n/);
    expect(issue.message.length).toBeGreaterThan(0);
  }
}

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('statement corpus (MANIFEST.tsv)', () => {
  test('the manifest lists the 92 files', () => {
    expect(rows.length).toBe(92);
  });

  for (const row of rows) {
    const format = row.format === 'csv' ? 'csv' : 'ofx';
    test(`${row.path} (${row.transactions} txns${isBroken(row) ? ', broken on purpose' : ''})`, async () => {
      const bytes = new Uint8Array(readFileSync(resolve(corpus, row.path)));
      const parsed = await parseStatement(bytes, { format });
      expect(parsed.format).toBe(format);
      expectIssuesWellFormed(parsed);

      // The same file in 7-byte pieces reads identically (chunk boundaries inside tags, quotes, UTF-8).
      const chunked = await parseStatement(inPieces(bytes, 7), { format });
      expect(summarizeStatement(chunked)).toEqual(summarizeStatement(parsed));

      if (isBroken(row)) {
        if (parsed.errors.length > 0) return; // rejected, with line numbers (checked above)
        // Read with warnings: the data is still unambiguous.
        expect(parsed.warnings.length).toBeGreaterThan(0);
        expect(total(parsed)).toBe(row.transactions - skippedBalanceLines(parsed));
        return;
      }
      if (isUnusable(row)) {
        expect(total(parsed)).toBe(0);
        expect(parsed.errors.filter((e) => /DTPOSTED/.test(e.message)).length).toBe(row.transactions);
        return;
      }
      expect(parsed.errors).toEqual([]);
      expect(total(parsed)).toBe(row.transactions - skippedBalanceLines(parsed));
      expect(sniffStatementFormat(bytes)).toBe(format);

      if (row.encoding.startsWith('utf-8')) expect(parsed.encoding).toBe('utf-8');
      else if (row.encoding === 'cp1252') expect(parsed.encoding).toBe('windows-1252');
      else if (row.encoding === 'latin1') expect(['latin1', 'windows-1252']).toContain(parsed.encoding);

      for (const s of parsed.statements) {
        for (const t of s.transactions) {
          expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(Number.isSafeInteger(t.amountCents)).toBe(true);
          expect(t.id.length).toBeGreaterThan(0);
          expect(t.memo ?? '').not.toMatch(/\uFFFD/);
        }
      }
    });
  }

  test('every deliberately broken OFX file is rejected or read with warnings, never silently', async () => {
    const broken = rows.filter(isBroken);
    expect(broken.length).toBeGreaterThanOrEqual(10);
    for (const row of broken) {
      const parsed = await parseStatement(new Uint8Array(readFileSync(resolve(corpus, row.path))));
      expect(parsed.errors.length + parsed.warnings.length, row.path).toBeGreaterThan(0);
    }
  });

  test('fuzz crash repros and non-OFX input are rejected with the line of the fault', async () => {
    const read = async (p: string) =>
      parseStatement(new Uint8Array(readFileSync(resolve(corpus, p))), { format: 'ofx' });
    expect((await read('jcoliz__OFXSharp/not-an-ofx-file.ofx')).errors).toEqual([
      { line: 1, message: 'not an OFX file: no <OFX> element found' },
    ]);
    expect((await read('libofx__libofx/downcast.ofx')).errors).toContainEqual({
      line: 7,
      message: 'unexpected </CCACCTFROM> without a matching <CCACCTFROM>',
    });
    expect((await read('libofx__libofx/use-after-free.ofx')).errors[0]).toEqual({
      line: 1,
      message: 'not an OFX file: expected <OFX>, found <OFC>',
    });
    const npd = await read('libofx__libofx/null-ptr-deref-1.ofx');
    expect(npd.errors).toContainEqual({ line: 3, message: "malformed tag '<OFX'" });
    expect(npd.errors).toContainEqual({
      line: 7,
      message: '<STMTTRN> outside a statement (STMTRS or CCSTMTRS)',
    });
    const dates = await read('jseutter__ofxparse/date_missing.ofx');
    expect(dates.errors.map((e) => e.line)).toEqual([33, 42, 50]);
    expect(dates.errors[2]!.message).toBe("DTPOSTED '20120231' is not a calendar date");
    const decimal = await read('jseutter__ofxparse/decimal_error.ofx');
    expect(decimal.errors).toContainEqual({ line: 37, message: "TRNAMT '$120' is not a number" });
  });

  test('deviations read with warnings name the element and line', async () => {
    const read = async (p: string) => parseStatement(new Uint8Array(readFileSync(resolve(corpus, p))));
    const version = await read('annacruz__ofx/invalid_version.ofx');
    expect(version.warnings).toContainEqual({
      line: 5,
      message: 'unsupported OFX header VERSION:300; read as OFX 1.x',
    });
    const cef = await read('annacruz__ofx/cef_malformed_decimal.ofx');
    expect(total(cef)).toBe(0);
    expect(cef.warnings[0]!.line).toBe(42);
    expect(cef.warnings[0]!.message).toMatch(/SALDO DIA.*TRNAMT.*balance line/);
    const wells = await read('aclindsa__ofxgo/wellsfargo.qfx');
    expect(wells.warnings).toContainEqual({
      line: 1,
      message: 'OFX header fields are not separated by line breaks',
    });
    const empty = await read('jseutter__ofxparse/empty_balance.ofx');
    expect(empty.statements[0]!.ledgerBalanceCents).toBeNull();
    expect(empty.warnings.some((w) => /BALAMT/.test(w.message))).toBe(true);
  });
});
