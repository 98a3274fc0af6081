// The CNAB 240 corpus as a test suite: one test per MANIFEST row. The files are real bank files kept as
// fixtures in test/fixtures/corpus/cnab240 (provenance in its MANIFEST.tsv). Expectations come from the manifest
// (bank, kind, records) and from what its notes column says is wrong with a file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  type CnabFile,
  type CnabMessage,
  readCnab240,
  readCnab240Sync,
} from '../../../../src/formats/cnab240/index.js';
import { corpusDir, manifest } from '../../../corpus.js';

const corpus = corpusDir('cnab240');

interface Row {
  path: string;
  bank: string;
  kind: string;
  records: number;
  notes: string;
}

const rows: Row[] = manifest('cnab240').map((m) => ({
  path: m.local_path!,
  bank: m.bank_code!,
  kind: m.kind!,
  records: Number(m.records),
  notes: m.notes!,
}));

const all = (f: CnabFile): CnabMessage[] => [...f.warnings, ...f.errors];
const atLine = (f: CnabFile, line: number, pattern: RegExp) =>
  all(f).some((m) => m.line === line && pattern.test(m.message));
const anywhere = (f: CnabFile, pattern: RegExp) => all(f).some((m) => pattern.test(m.message));

/** What the notes column says, as checks on the reader's messages. */
function checkNotes(row: Row, f: CnabFile, bytes: Buffer): void {
  const notes = row.notes;
  const nonStandard = /non-240 lines: ([^;]+)/.exec(notes);
  if (nonStandard) {
    for (const part of nonStandard[1]!.split(',')) {
      const line = Number(/L(\d+)=/.exec(part)![1]);
      expect(atLine(f, line, /characters, expected 240|blank line/), `${part} reported`).toBe(true);
    }
  }
  const trimmed = /right-trimmed lines \((\d+)\/\d+ shorter than 240\)/.exec(notes);
  if (trimmed) {
    const explicit = f.warnings.filter((w) =>
      /^line has \d+ characters, expected 240 \(trailing spaces/.test(w.message),
    );
    const summary = f.warnings.find((w) =>
      /^\d+ more like "line has \d+ characters, expected 240 \(trailing/.test(w.message),
    );
    const more = summary ? Number(/^(\d+)/.exec(summary.message)![1]) : 0;
    expect(explicit.length + more).toBe(Number(trimmed[1]));
  }
  if (/header pos143=\d disagrees with content/.test(notes)) {
    expect(atLine(f, 1, /^header says (remessa|retorno) \(position 143/)).toBe(true);
  }
  if (/header pos143='\d'/.test(notes)) expect(atLine(f, 1, /^header position 143 is "\d"/)).toBe(true);
  if (/header pos143=' '/.test(notes)) expect(atLine(f, 1, /no file header/)).toBe(true);
  if (/no final newline/.test(notes)) expect(anywhere(f, /no line end after the last line/)).toBe(true);
  if (/mixed EOL/.test(notes))
    expect(anywhere(f, /mixed line ends|no line end after the last line/)).toBe(true);
  if (/non-ascii/.test(notes)) expect(anywhere(f, /non-ASCII characters/)).toBe(true);
  if (/\d+ blank lines|trailing EOF\/CR line/.test(notes))
    expect(anywhere(f, /blank line|end-of-file/)).toBe(true);
  if (/; LF;/.test(notes)) expect(anywhere(f, /lines end with LF|mixed line ends/)).toBe(true);
  if (/MALFORMED/.test(notes)) {
    expect(f.errors.length).toBeGreaterThan(0);
    // the UTF-16 lines at the start, and the stray NUL byte before the first CNAB 240 record
    expect(f.errors[0]!.line).toBe(1);
    expect(f.errors.some((e) => /NUL|0x00/.test(e.message))).toBe(true);
    const firstRecord = bytes
      .toString('latin1')
      .split(/\r\n|\r|\n/)
      .findIndex((l) => /^\u0000?\d{3}0000 *0/.test(l.replace(/^\u0000/, '')));
    expect(f.errors.some((e) => e.line === firstRecord + 1 && /0x00/.test(e.message))).toBe(true);
  } else {
    expect(f.errors).toEqual([]);
  }
  // the synthetic validator corpus names the injected defect in the file name
  const name = row.path;
  if (/trailer-lote-divergente/.test(name)) expect(anywhere(f, /lote 1 trailer counts/)).toBe(true);
  if (/trailer-arquivo-divergente/.test(name))
    expect(anywhere(f, /file trailer counts \d+ records/)).toBe(true);
  if (/camara-invalida/.test(name)) expect(anywhere(f, /câmara 018 in a lote of forma 01/)).toBe(true);
  if (/banco-divergente/.test(name)) expect(anywhere(f, /payee bank 341 in a lote of forma 01/)).toBe(true);
  if (/cpf-dv2-invalido/.test(name)) expect(atLine(f, 1, /CPF \d+ has invalid check digits/)).toBe(true);
  if (/cpf-correto|multipag-correto/.test(name))
    expect(anywhere(f, /check digits|câmara|payee bank/)).toBe(false);
  if (/forma-lancamento-invalida/.test(name)) expect(atLine(f, 3, /TED lote \(forma 44\)/)).toBe(true);
  if (/tributo-dv-invalido/.test(name)) expect(atLine(f, 3, /barcode check digit/)).toBe(true);
  if (/tributo-correto/.test(name)) expect(anywhere(f, /barcode/)).toBe(false);
}

describe('CNAB 240 corpus', () => {
  test('the manifest lists the corpus', () => {
    expect(rows.length).toBe(119);
    expect(new Set(rows.map((r) => r.bank)).size).toBe(15);
  });

  test.each(rows)('$path', async (row) => {
    const bytes = readFileSync(resolve(corpus, row.path));
    const f = readCnab240Sync(bytes);
    const [service, direction] = row.kind.split('-');
    expect(f.bank_code).toBe(row.bank);
    expect(f.direction).toBe(direction);
    expect(f.service).toBe(service === 'payment' ? 'payment' : 'collection');
    expect(f.lines).toBe(row.records);
    for (const m of all(f)) {
      expect(Number.isInteger(m.line) && m.line >= 1).toBe(true);
    }
    expect(f.details).toBe(f.batches.reduce((s, b) => s + b.details, 0));
    expect(f.total_amount_cents).toBe(f.items.reduce((s, i) => s + (i.amount_cents ?? 0), 0));
    checkNotes(row, f, bytes);
    // the same file fed in small chunks reads the same
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
    }
    expect(await readCnab240(chunks())).toEqual(f);
  });
});

describe('corpus content', () => {
  const read = (path: string) => readCnab240Sync(readFileSync(resolve(corpus, path)));

  test('Itaú SISPAG return: J item with BD decoded as scheduled', () => {
    const f = read('KeeperFormaturas__cnab240/TEST.RET');
    expect(f.layout).toBe('itau');
    expect(f.items).toHaveLength(1);
    const item = f.items[0]!;
    expect(item.segment).toBe('J');
    expect(item.occurrences).toEqual([
      { code: 'BD', message: expect.stringMatching(/agendado/), kind: 'scheduled' },
    ]);
    expect(item.status).toBe('scheduled');
    expect(item.amount_cents).toBe(Number(item.barcode!.slice(9, 19)));
  });

  test('BTG example return: A, J, N, O details counted; B and J-52 are companions', () => {
    const f = read('rodrigogml__rfw.finance/exemplo_arquivo_de_retorno_layout_240.ret');
    expect(f.items.map((i) => i.segment)).toEqual(['A', 'A', 'J', 'N', 'O']);
    expect(f.details).toBe(5);
    expect(f.items.every((i) => i.status === 'scheduled')).toBe(true);
  });

  test('collection return: T items with movement codes and U paid amounts', () => {
    const f = read('kmee__cnab240/cobranca.itau.ret');
    expect(f.service).toBe('collection');
    expect(f.items.every((i) => i.segment === 'T' && i.occurrences.length > 0)).toBe(true);
  });
});

test('a header whose bank-name field holds no name (Sicoob’s files: a number) is named from the bank’s code', async () => {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { readCnab240Sync } = await import('../../../../src/formats/cnab240/reader.js');
  const file = join(
    import.meta.dirname,
    '../../../fixtures/corpus/cnab240/kivanio__brcobranca/CNAB240SICOOB.RET',
  );
  expect(readCnab240Sync(await readFile(file)).bank_name).toBe('Sicoob');
});
