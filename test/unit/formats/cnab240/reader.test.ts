import { describe, expect, test } from 'vitest';
import {
  Cnab240Reader,
  type CnabItem,
  readCnab240,
  readCnab240Sync,
  writePaymentRemittance,
  writePaymentReturn,
} from '../../../../src/formats/cnab240/index.js';
import { sampleInput } from './fixtures.js';

const remittance = writePaymentRemittance(sampleInput());
const lines = remittance.split('\r\n').slice(0, -1);
const clean = readCnab240Sync(remittance);

/** Replaces 1-based positions `from`..`to` of a line. */
const crlf = (ls: string[]) => `${ls.join('\r\n')}\r\n`;
const put = (line: string, from: number, value: string) =>
  line.slice(0, from - 1) + value + line.slice(from - 1 + value.length);

describe('structure checks', () => {
  test('a lote trailer whose count and sum disagree gives warnings on its line, not errors', () => {
    const copy = [...lines];
    const idx = copy.findIndex((l) => l[7] === '5');
    copy[idx] = put(put(copy[idx]!, 18, '000099'), 24, '000000000000000001');
    const f = readCnab240Sync(crlf(copy));
    expect(f.errors).toEqual([]);
    const onTrailer = f.warnings.filter((w) => w.line === idx + 1).map((w) => w.message);
    expect(onTrailer).toEqual([
      expect.stringMatching(/lote 1 trailer counts 99 records, the lote has \d+/),
      expect.stringMatching(/lote 1 trailer sum 0\.01, the details total/),
    ]);
    expect(f.batches[0]).toMatchObject({ trailer_count: 99, trailer_amount_cents: 1 });
    expect(f.details).toBe(clean.details);
  });

  test('a file trailer that miscounts is a warning on the last line', () => {
    const copy = [...lines];
    copy[copy.length - 1] = put(copy.at(-1)!, 24, '000777');
    const f = readCnab240Sync(crlf(copy));
    expect(f.errors).toEqual([]);
    expect(f.warnings).toEqual([
      { line: copy.length, message: `file trailer counts 777 records, the file has ${lines.length}` },
    ]);
  });

  test('a line with trailing spaces stripped in the middle is a warning and still read', () => {
    const copy = [...lines];
    copy[4] = copy[4]!.trimEnd();
    const f = readCnab240Sync(crlf(copy));
    expect(f.errors).toEqual([]);
    expect(f.warnings).toEqual([
      { line: 5, message: expect.stringMatching(/^line has \d+ characters, expected 240/) },
    ]);
    expect(f.items).toEqual(clean.items);
  });

  test('a longer line with data beyond 240 is an error with its line number; blank excess a warning', () => {
    const copy = [...lines];
    copy[3] = `${copy[3]}XYZ`;
    copy[6] = `${copy[6]}   `;
    const f = readCnab240Sync(crlf(copy));
    expect(f.errors).toEqual([
      { line: 4, message: 'line has 243 characters, expected 240: data beyond position 240' },
    ]);
    expect(f.warnings).toEqual([
      { line: 7, message: 'line has 243 characters, expected 240 (trailing blanks ignored)' },
    ]);
  });

  test('a line that is not a CNAB record is an error with its line number', () => {
    const copy = [...lines];
    copy.splice(5, 0, 'this is not a cnab record');
    const f = readCnab240Sync(crlf(copy));
    expect(f.errors).toEqual([{ line: 6, message: expect.stringMatching(/^not a CNAB 240 record/) }]);
    expect(f.lines).toBe(lines.length + 1);
  });

  test('a truncated file is flagged and warned about at its last line', () => {
    const cut = lines.slice(0, 6).join('\r\n');
    const f = readCnab240Sync(cut);
    expect(f.truncated).toBe(true);
    expect(f.warnings.map((w) => w.line)).toEqual([6, 6, 6]);
    expect(f.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/lote 1 .* has no lote trailer/),
      expect.stringMatching(/no file trailer/),
      'no line end after the last line',
    ]);
  });

  test('LF line ends and a missing final line end are warnings; the content reads the same', () => {
    const lf = readCnab240Sync(lines.join('\n'));
    expect(lf.errors).toEqual([]);
    expect(lf.warnings).toEqual([
      { line: 1, message: 'lines end with LF, not CRLF' },
      { line: lines.length, message: 'no line end after the last line' },
    ]);
    expect(lf.items).toEqual(clean.items);
    expect(lf.lines).toBe(clean.lines);
  });

  test('BB segment Z after A is a companion: authentication kept, not a detail', () => {
    const ret = writePaymentReturn(remittance, () => ({ code: '00' }));
    const copy = ret.split('\r\n').slice(0, -1);
    const aIdx = copy.findIndex((l) => l[13] === 'A');
    const z = `${copy[aIdx]!.slice(0, 8)}99999Z${'AUTH-0001'.padEnd(64)}`.padEnd(240, ' ');
    copy.splice(aIdx + 1, 0, z);
    const f = readCnab240Sync(crlf(copy));
    expect(f.details).toBe(clean.details);
    expect(f.items[0]!.authentication).toBe('AUTH-0001');
    // the extra record shows in the lote's record count and in the file's
    expect(f.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/trailer counts \d+ records, the lote has/)]),
    );
    expect(f.errors).toEqual([]);
  });

  test('a return whose header says remessa is read as a retorno, with a warning on line 1', () => {
    const ret = writePaymentReturn(remittance, () => ({ code: 'BD' }));
    const lying = put(ret, 143, '1');
    const f = readCnab240Sync(lying);
    expect(f.direction).toBe('retorno');
    expect(f.header_direction_code).toBe('1');
    expect(f.warnings).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /^header says remessa \(position 143 = 1\) but the content is a retorno/,
        ),
      },
    ]);
  });

  test('a return whose header says retorno but whose occurrence fields are blank (as Caixa sent one) stays a retorno', () => {
    // the shape of a real Caixa return: position 143 = 2, every detail's 231-240 left blank
    const ret = writePaymentReturn(remittance, () => ({ code: 'BD' }));
    const blank = ret
      .split('\r\n')
      .map((line, i, all) =>
        i === 0 || i >= all.length - 3 || line === '' ? line : put(line, 231, ' '.repeat(10)),
      )
      .join('\r\n');
    const f = readCnab240Sync(blank);
    expect(f.direction).toBe('retorno');
    expect(f.errors).toEqual([]);
    expect(f.warnings).toEqual([
      {
        line: 1,
        message:
          'header says retorno (position 143 = 2) though no detail carries an occurrence code (blank occurrence fields); read as retorno, as the header says',
      },
    ]);
  });

  test('UTF-16 text and NUL bytes are errors with line numbers', () => {
    const utf16 = Buffer.from(`${lines[0]}\r\n`, 'utf16le');
    const rest = Buffer.from(`\u0000${lines.slice(1).join('\r\n')}\r\n`, 'latin1');
    const f = readCnab240Sync(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16, rest]));
    expect(f.errors.length).toBeGreaterThan(0);
    expect(f.errors[0]!.line).toBe(1);
    expect(f.errors.some((e) => /control character 0x00/.test(e.message))).toBe(true);
  });

  test('Windows-1252 text is read with a warning', () => {
    const copy = [...lines];
    copy[2] = put(copy[2]!, 44, 'JOSÉ');
    const f = readCnab240Sync(Buffer.from(crlf(copy), 'latin1'));
    expect(f.items[0]!.payee_name).toMatch(/^JOSÉ/);
    expect(f.warnings).toEqual([{ line: 3, message: expect.stringMatching(/non-ASCII/) }]);
  });
});

describe('streaming', () => {
  const bytes = Buffer.from(remittance, 'latin1');

  test.each([1, 7, 239, 241, 4096])('chunks of %i bytes read the same as the whole', async (size) => {
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    }
    const f = await readCnab240(chunks());
    expect(f).toEqual(clean);
  });

  test('a CR at the end of one chunk and its LF at the start of the next make one line end', () => {
    const cut = remittance.indexOf('\r\n') + 1;
    const reader = new Cnab240Reader();
    reader.write(remittance.slice(0, cut));
    reader.write(remittance.slice(cut));
    expect(reader.end()).toEqual(clean);
  });

  test('with keepItems false items go to onItem only', async () => {
    const seen: CnabItem[] = [];
    const f = await readCnab240([remittance], { keepItems: false, onItem: (i) => seen.push(i) });
    expect(f.items).toEqual([]);
    expect(seen).toEqual(clean.items);
    expect(f.details).toBe(clean.details);
    expect(f.total_amount_cents).toBe(clean.total_amount_cents);
  });

  test('many repeated problems are summarised, keeping memory bounded', () => {
    const short = lines.map((l, i) => (i > 0 && i < lines.length - 1 ? l.trimEnd() : l));
    const f = readCnab240Sync(short.join('\r\n'), { messagesPerKind: 3 });
    const shortWarnings = f.warnings.filter((w) => /expected 240/.test(w.message));
    expect(shortWarnings.length).toBe(4);
    expect(shortWarnings.at(-1)!.message).toMatch(/^\d+ more like "line has/);
  });
});
