/**
 * What the fuzzer throws at each reader and what it checks, shared by the short run in `npm test`
 * (test/unit/fuzz.test.ts) and the long one in `npm run fuzz` (test/fuzz/fuzz.test.ts).
 *
 * Inputs are real files from the corpus (test/fixtures/corpus, provenance in each MANIFEST.tsv) and files the
 * project writes itself, mutated: bytes flipped, inserted, deleted, lines dropped, doubled, swapped, files cut,
 * long runs of one byte, the tokens each format is made of (OFX tags, CSV quotes, CR, NUL, a BOM).
 *
 * What must hold for every mutant:
 * - the reader returns (a crash is a finding; so is a throw that is not the module's FormatError);
 * - every problem it reports names a line inside the file, in one line of text;
 * - it reads the same whether the bytes come at once or in chunks of any size;
 * - a boleto or PIX code it accepts rebuilds to itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  type BoletoParseResult,
  buildBoleto,
  parseBarcode,
  parseLinhaDigitavel,
} from '../../src/domain/boleto/index.js';
import { FormatError } from '../../src/domain/errors.js';
import {
  readCnab240,
  readCnab240Sync,
  writeDdaFile,
  writePaymentRemittance,
} from '../../src/formats/cnab240/index.js';
import { buildPixPayload, parsePixPayload } from '../../src/formats/pix/index.js';
import { parseStatement } from '../../src/formats/statement/index.js';
import { CORPUS_ROOT } from '../corpus.js';
import {
  sampleDdaInput,
  sampleGuides,
  sampleInput,
  samplePayments,
  UTILITY,
} from '../unit/formats/cnab240/fixtures.js';

// ---- seeds --------------------------------------------------------------------------------------------

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name === 'MANIFEST.tsv' || name.endsWith('.md') ? [] : [path];
  });
}

const corpus = (kind: string, pattern: RegExp): Uint8Array[] =>
  filesUnder(join(CORPUS_ROOT, kind))
    .filter((p) => pattern.test(p))
    .map((p) => new Uint8Array(readFileSync(p)));

// ---- mutations ----------------------------------------------------------------------------------------

const enc = new TextEncoder();

/** Tokens the formats are made of: a mutation that inserts one reaches deeper than a random byte. */
const TOKENS = [
  '\r',
  '\n',
  '\r\n',
  '\0',
  '\uFEFF',
  '"',
  '""',
  ';',
  ',',
  '\t',
  '<',
  '>',
  '</',
  '<STMTTRN>',
  '</STMTTRN>',
  '</BANKTRANLIST>',
  '<BANKTRANLIST>',
  '<TRNAMT>',
  '<DTPOSTED>',
  '<OFX>',
  '</OFX>',
  '&amp;',
  '&#',
  'OFXHEADER:100',
  '<?xml version="1.0"?>',
  '9999999999999999999',
  '-',
  '.',
  '00000000',
  '31129999',
  '3410001',
  '34100003',
  '3410000500',
  '0000000000',
  'Data,Histórico,Valor',
  '"Data,""Valor"""',
  'ÿþ',
  'é',
  '\u00e9'.normalize('NFD'),
  '6304',
  '0014br.gov.bcb.pix',
].map((t) => enc.encode(t));

export type Mutation =
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'token'; at: number; token: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'repeat'; at: number; length: number; times: number }
  | { kind: 'run'; at: number; byte: number; length: number }
  | { kind: 'line'; op: 'drop' | 'double' | 'swap'; at: number; other: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 24 }) }),
  fc.record({ kind: fc.constant('token' as const), at: fc.nat(), token: fc.nat(TOKENS.length - 1) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('repeat' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 500 }),
    times: fc.integer({ min: 2, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('run' as const),
    at: fc.nat(),
    byte: fc.constantFrom(0x30, 0x20, 0x41, 0x0a, 0x0d, 0x3c, 0x22, 0x00, 0xff),
    length: fc.integer({ min: 1, max: 70_000 }),
  }),
  fc.record({
    kind: fc.constant('line' as const),
    op: fc.constantFrom('drop' as const, 'double' as const, 'swap' as const),
    at: fc.nat(),
    other: fc.nat(),
  }),
);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Start offsets of the lines of `bytes` (after each LF), the first at 0. */
function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a && i + 1 < bytes.length) starts.push(i + 1);
  return starts;
}

export function applyMutation(bytes: Uint8Array, m: Mutation): Uint8Array {
  const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
  switch (m.kind) {
    case 'flip': {
      if (bytes.length === 0) return Uint8Array.of(m.byte);
      const out = bytes.slice();
      out[Math.min(at, bytes.length - 1)] = m.byte;
      return out;
    }
    case 'insert':
      return concat([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
    case 'token':
      return concat([bytes.subarray(0, at), TOKENS[m.token] as Uint8Array, bytes.subarray(at)]);
    case 'delete':
      return concat([bytes.subarray(0, at), bytes.subarray(at + m.length)]);
    case 'truncate':
      return bytes.subarray(0, at);
    case 'repeat': {
      const piece = bytes.subarray(at, at + m.length);
      return concat([
        bytes.subarray(0, at),
        ...Array.from({ length: m.times }, () => piece),
        bytes.subarray(at),
      ]);
    }
    case 'run':
      return concat([bytes.subarray(0, at), new Uint8Array(m.length).fill(m.byte), bytes.subarray(at)]);
    case 'line': {
      const starts = lineStarts(bytes);
      const lines = starts.map((s, i) => bytes.subarray(s, starts[i + 1] ?? bytes.length));
      const i = m.at % lines.length;
      const j = m.other % lines.length;
      if (m.op === 'drop') lines.splice(i, 1);
      else if (m.op === 'double') lines.splice(i, 0, lines[i] as Uint8Array);
      else [lines[i], lines[j]] = [lines[j] as Uint8Array, lines[i] as Uint8Array];
      return concat(lines);
    }
  }
}

/**
 * A seed chosen from `seeds`, then up to `max` mutations applied in turn. A counterexample prints as its length
 * and its first bytes; the seed and path fast-check prints reproduce the whole of it.
 */
export function mutant(seeds: readonly Uint8Array[], max = 6): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(fc.nat(seeds.length - 1), fc.array(mutation, { minLength: 1, maxLength: max }))
    .map(([i, ms]) => {
      const bytes = ms.reduce(applyMutation, seeds[i] as Uint8Array);
      const head = JSON.stringify(new TextDecoder().decode(bytes.subarray(0, 160)));
      return Object.assign(bytes, { [fc.toStringMethod]: () => `${bytes.length} bytes from ${head}` });
    });
}

/** The bytes in pieces of the given sizes (cycled), as a stream delivers them. */
export function* inPieces(bytes: Uint8Array, sizes: readonly number[]): Generator<Uint8Array> {
  let k = 0;
  for (let i = 0; i < bytes.length; ) {
    const size = Math.max(1, sizes[k++ % sizes.length] ?? 1);
    yield bytes.subarray(i, i + size);
    i += size;
  }
}

const chunkSizes = fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 6 });

// ---- the checks ---------------------------------------------------------------------------------------

export class Finding extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Finding';
  }
}

function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Finding(message());
}

/** Lines a reader may count: every LF, CR and the end (a CR-only file counts lines by CR). */
function maxLine(bytes: Uint8Array): number {
  let n = 1;
  for (const b of bytes) if (b === 0x0a || b === 0x0d) n++;
  return n;
}

function checkIssues(kind: string, bytes: Uint8Array, issues: readonly { line: number; message: string }[]) {
  const last = maxLine(bytes);
  for (const issue of issues) {
    check(
      Number.isInteger(issue.line) && issue.line >= 1 && issue.line <= last,
      () => `${kind}: an issue at line ${issue.line} of a file of ${last} lines: ${issue.message}`,
    );
    check(
      typeof issue.message === 'string' && issue.message.length > 0 && !/[\r\n]/.test(issue.message),
      () => `${kind}: an issue whose message is not one line: ${JSON.stringify(issue.message)}`,
    );
  }
}

/** A throw is allowed only as the module's own FormatError naming a line; anything else is a finding. */
function allowedThrow(kind: string, error: unknown): void {
  if (error instanceof FormatError && error.line !== undefined && error.line >= 1) return;
  throw new Finding(
    `${kind} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
  );
}

/** Where two readings first differ, as their JSON around that point; null when they are the same. */
function difference(a: unknown, b: unknown): string | null {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  if (x === y) return null;
  let i = 0;
  while (x[i] === y[i]) i++;
  return `whole …${x.slice(Math.max(0, i - 120), i + 80)}… chunked …${y.slice(Math.max(0, i - 120), i + 80)}…`;
}

// ---- the targets --------------------------------------------------------------------------------------

export interface Target {
  name: string;
  /** One case: the property's inputs drawn, checked; throws a Finding when something does not hold. */
  property: (around?: (check: () => Promise<void>) => Promise<void>) => fc.IAsyncProperty<[unknown]>;
}

/** A property over `input` whose case is `check`, run inside `around` (the long run times each case). */
function caseOf<T>(input: fc.Arbitrary<T>, check: (value: T) => Promise<void>): Target['property'] {
  return (around = (run) => run()) =>
    fc.asyncProperty(input as fc.Arbitrary<unknown>, (value) => around(() => check(value as T)));
}

/** Counts the cases run, per target, so the long run can report them. */
export const casesRun = new Map<string, number>();
const count = (name: string) => casesRun.set(name, (casesRun.get(name) ?? 0) + 1);

export function targets(): Target[] {
  const cnabSeeds = [
    ...corpus('cnab240', /./),
    enc.encode(writePaymentRemittance(sampleInput([...samplePayments(), ...sampleGuides()]))), // FEBRABAN's
    enc.encode(writePaymentRemittance(sampleInput([...samplePayments(), ...sampleGuides()], null))), // Itaú SISPAG
    // DDA: Bradesco's sample, and Itaú's variant as the sandbox writes it
    ...corpus('dda', /\.ret$/i),
    enc.encode(writeDdaFile(sampleDdaInput('341'))),
  ];
  const ofxSeeds = corpus('statements', /\.(ofx|qfx|sgml)$/i);
  const csvSeeds = corpus('statements', /\.csv$/i);
  const boleto = buildBoleto({
    bankCode: '341',
    dueDate: '2026-12-10',
    amountCents: 86_133,
    freeField: '1090001015271248021246000',
  });
  const textSeeds = [
    boleto.linhaDigitavel,
    boleto.formatted,
    boleto.barcode,
    UTILITY.linha,
    UTILITY.barcode,
    buildPixPayload({
      key: '11222333000181',
      merchantName: 'Residencial Jardim',
      merchantCity: 'Sao Paulo',
      amountCents: 86_133,
      txid: 'CONDO2026A101',
    }),
  ].map((s) => enc.encode(s));
  const dec = new TextDecoder();

  return [
    {
      name: 'cnab240',
      property: caseOf(fc.tuple(mutant(cnabSeeds), chunkSizes), async ([bytes, sizes]) => {
        count('cnab240');
        let whole: ReturnType<typeof readCnab240Sync>;
        try {
          whole = readCnab240Sync(bytes);
        } catch (error) {
          allowedThrow('cnab240', error);
          return;
        }
        checkIssues('cnab240', bytes, [...whole.errors, ...whole.warnings]);
        check(whole.items.length <= maxLine(bytes), () => 'cnab240: more items than lines');
        const diff = difference(whole, await readCnab240(inPieces(bytes, sizes)));
        check(diff === null, () => `cnab240: read in chunks of ${sizes} it reads differently: ${diff}`);
      }),
    },
    ...(
      [
        ['ofx', ofxSeeds],
        ['csv', csvSeeds],
      ] as const
    ).map(
      ([format, seeds]): Target => ({
        name: format,
        property: caseOf(fc.tuple(mutant(seeds), chunkSizes), async ([bytes, sizes]) => {
          count(format);
          let whole: Awaited<ReturnType<typeof parseStatement>>;
          try {
            whole = await parseStatement(bytes, { format });
          } catch (error) {
            allowedThrow(format, error);
            return;
          }
          checkIssues(format, bytes, [...whole.errors, ...whole.warnings]);
          const diff = difference(whole, await parseStatement(inPieces(bytes, sizes), { format }));
          check(diff === null, () => `${format}: read in chunks of ${sizes} it reads differently: ${diff}`);
        }),
      }),
    ),
    {
      name: 'boleto',
      property: caseOf(mutant(textSeeds, 3), async (bytes) => {
        count('boleto');
        const text = dec.decode(bytes);
        for (const parse of [parseLinhaDigitavel, parseBarcode]) {
          let r: BoletoParseResult;
          try {
            r = parse(text, { referenceDate: '2026-11-24' });
          } catch (error) {
            throw new Finding(`boleto: ${parse.name} threw on ${JSON.stringify(text)}: ${String(error)}`);
          }
          if (!r.ok) {
            check(r.error.length > 0 && !/[\r\n]/.test(r.error), () => `boleto: empty or multi-line refusal`);
            continue;
          }
          if (r.kind === 'boleto') {
            const again = parseBarcode(r.barcode, { referenceDate: '2026-11-24' });
            check(again.ok && again.barcode === r.barcode, () => `boleto: ${r.barcode} does not read back`);
          }
        }
      }),
    },
    {
      name: 'pix',
      property: caseOf(mutant(textSeeds, 3), async (bytes) => {
        count('pix');
        const text = dec.decode(bytes);
        let r: ReturnType<typeof parsePixPayload>;
        try {
          r = parsePixPayload(text);
        } catch (error) {
          throw new Finding(`pix: threw on ${JSON.stringify(text)}: ${String(error)}`);
        }
        if ('ok' in r && r.ok === false) {
          check(r.error.length > 0 && !/[\r\n]/.test(r.error), () => `pix: empty or multi-line refusal`);
        }
      }),
    },
  ];
}
