// Tolerant streaming reader for CNAB 240 payment and collection files (remessa and retorno), from any
// bank. Deviations seen in real files (line ends, trimmed lines, Itaú's positions, headers that lie,
// trailers that disagree) are warnings with line numbers; only what makes the file unreadable is an
// error. Work per line is bounded, so a large file can be fed in chunks.

import { type Message, oneLineMessage, withFinding } from '../../domain/message.js';
import { documentProblem, type Problem } from './checks.js';
import { BANK_NAMES, FORMA_NAMES } from './codes.js';
import { DIALECTS, FEBRABAN } from './dialects.js';
import { field, intAt } from './fields.js';
import {
  type CnabFile,
  type CnabProblem,
  type CnabSource,
  emptyFile,
  type OpenBatch,
  type ReadOptions,
} from './file.js';
import { cnabFinding, plainFinding } from './findings.js';
import { type KeptFinding, type KindCount, mergeFindings, type ReaderPart } from './halves.js';
import { openLote, readFileHeader } from './headers.js';
import { type FileEvidence, inferDirection, inferService, SegmentTally } from './inference.js';
import { DETAIL, read } from './layouts.js';
import { LineSplitter } from './lines.js';
import { RecordLines } from './record-lines.js';
import {
  type CnabItem,
  COMPANION_READERS,
  cpfCnpjOfType,
  MAIN_COLLECTION_SEGMENTS,
  MAIN_DDA_SEGMENTS,
  MAIN_PAYMENT_SEGMENTS,
  readMainItem,
  type SegmentContext,
} from './segments.js';
import { countsAsRecord, kindOfRecord, MOVES, type Place } from './structure.js';
import { checkFileTrailer, readLoteTrailer, trailerSumProblems } from './trailers.js';

/** What repeats of a finding are counted under: its code, or a plain text itself. */
const kindOf = (finding: Message | string) => (typeof finding === 'string' ? finding : finding.code);

/** The segments that follow a main detail and complete its item (B after A; J-52 is told apart in detail()). */
const COMPANION_SEGMENTS = new Set([...'BCDEFGHKQRSUVWYZ5']);

const encoder = new TextEncoder();

/** Incremental reader: `write` chunks (bytes or text) as they arrive, then `end()` for the result. */
export class Cnab240Reader {
  private readonly splitter: LineSplitter;
  private readonly lines: RecordLines;
  private readonly keepItems: boolean;
  private readonly onItem: ((item: CnabItem) => void) | undefined;
  private readonly onRecord: ((line: number, record: string) => void) | undefined;
  private readonly onProblem: ((problem: CnabProblem) => void) | undefined;
  private readonly perKind: number;

  private readonly file: CnabFile = emptyFile();

  private headerLine: number | null = null;
  private trailerLine: number | null = null;
  private firstRecordLine: number | null = null;
  private place: Place = 'before';
  private batch: OpenBatch | null = null;
  private lastBatchNumber = 0;
  private pending: CnabItem | null = null;
  private readonly closed: OpenBatch[] = [];
  private readonly segments = new SegmentTally();
  private itemsWithOccurrences = 0;
  private mainDetails = 0;
  private readonly lotOperations = new Set<string>();
  private readonly lotServices = new Set<string>();
  private readonly kindCounts = new Map<string, KindCount>();
  private ended = false;
  // a second half's read (halves.ts): findings kept with their kinds, its first lote; the header's are muted
  private kept: KeptFinding[] | undefined;
  private begunIn: ReaderPart['begunIn'] = null;
  private readonly firstLine: number;
  private firstLote: ReaderPart['firstLote'] | undefined;
  private fileTrailerSeen: ReaderPart['fileTrailer'] = null;
  private muted = false;

  constructor(options: ReadOptions = {}) {
    this.keepItems = options.keepItems ?? true;
    this.onItem = options.onItem;
    this.onRecord = options.onRecord;
    this.onProblem = options.onProblem;
    this.perKind = options.messagesPerKind ?? 20;
    this.lines = new RecordLines(
      {
        warn: (n, finding, kind) => this.warn(n, finding, kind),
        error: (n, finding, kind) => this.error(n, finding, kind),
      },
      this.file,
      (n, record) => {
        this.onRecord?.(n, record);
        this.record(n, record);
      },
    );
    const continuing = options.continuing;
    this.firstLine = continuing?.firstLine ?? 1;
    this.splitter = new LineSplitter((line) => this.lines.read(line), {
      plainAsText: true,
      firstLine: continuing?.firstLine,
    });
    if (continuing) this.prime(continuing);
  }

  /** A second half's start: the file header read, and the lote it begins inside, if any, as the first half left it. */
  private prime({ header, lote }: NonNullable<ReadOptions['continuing']>): void {
    this.kept = [];
    this.muted = true;
    this.fileHeader(1, header, false);
    this.place = 'file';
    this.firstLote = null;
    if (lote) {
      this.loteHeader(lote.line, lote.record);
      const batch = this.batch as OpenBatch;
      batch.records = lote.records;
      batch.expectedSeq = lote.expectedSeq;
      this.place = 'lote';
      this.begunIn = {
        line: lote.line,
        records: lote.records,
        expectedSeq: lote.expectedSeq,
        number: batch.number,
      };
      // its next lote follows this one: a lote header of its own is checked as any
      this.firstLote = undefined;
    }
    this.muted = false;
  }

  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new Error('Cnab240Reader: write after end');
    this.splitter.write(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  }

  /** The line of the item not yet handed to `onItem` (its companions may follow), or null: what a rewriter holds back. */
  get pendingItemLine(): number | null {
    return this.pending?.line ?? null;
  }

  end(): CnabFile {
    if (this.ended) return this.file;
    this.ended = true;
    this.splitter.end();
    this.finish();
    return this.file;
  }

  // ---- a file read in two halves (halves.ts) ---------------------------------------------------------

  /** The end of a second half's read (`continuing`): what it read, for the first half's reader to `absorb`. */
  part(): ReaderPart {
    this.ended = true;
    this.splitter.end();
    // a lote the file leaves open: its last item is this half's to hand on
    this.flushItem();
    const f = this.file;
    return {
      firstLine: this.firstLine,
      lastLine: this.lines.lastLine,
      lineEnds: this.lines.lineEndsSeen(),
      lines: f.lines,
      records: f.records,
      details: f.details,
      totalAmountCents: f.total_amount_cents,
      items: f.items,
      closed: this.closed,
      open: this.batch,
      place: this.place,
      trailerLine: this.trailerLine,
      fileTrailer: this.fileTrailerSeen,
      lastBatchNumber: this.lastBatchNumber,
      firstLote: this.firstLote ?? null,
      begunIn: this.begunIn,
      company: f.company,
      segments: this.segments.counts(),
      mainDetails: this.mainDetails,
      itemsWithOccurrences: this.itemsWithOccurrences,
      lotOperations: [...this.lotOperations],
      lotServices: [...this.lotServices],
      kinds: [...this.kindCounts],
      kept: this.kept ?? [],
    };
  }

  /** The rest of the file, read apart (`part`), when cut where this read stands (halves.ts); else false, nothing taken. */
  absorb(part: ReaderPart): boolean {
    if (!this.meets(part)) return false;
    const f = this.file;
    const { firstLote } = part;
    if (part.begunIn) this.joinLote(part);
    else if (firstLote && firstLote.number !== this.lastBatchNumber + 1)
      this.warn(
        firstLote.line,
        cnabFinding('cnab.lote-seq', { lote: firstLote.says, expected: this.lastBatchNumber + 1 }),
        'lote-seq',
      );
    mergeFindings(this.kindCounts, part, this.perKind, ({ error, problem, finding }) =>
      (error ? f.errors : f.warnings).push(
        withFinding({ line: problem.line, message: problem.message }, finding),
      ),
    );
    const trailer = part.fileTrailer;
    if (trailer) {
      const read = { lotes: this.closed.length + trailer.lotes, records: f.records + trailer.records };
      checkFileTrailer(trailer.line, trailer.record, read, this.warnAt);
    }
    this.lines.absorb(part.lineEnds, part.lastLine);
    f.lines += part.lines;
    f.records += part.records;
    f.details += part.details;
    f.total_amount_cents += part.totalAmountCents;
    if (this.keepItems) for (const item of part.items) f.items.push(item);
    for (const batch of part.closed) this.closed.push(batch);
    this.batch = part.open;
    this.place = part.place;
    this.trailerLine = part.trailerLine;
    this.lastBatchNumber = part.lastBatchNumber;
    this.segments.absorb(part.segments);
    this.mainDetails += part.mainDetails;
    this.itemsWithOccurrences += part.itemsWithOccurrences;
    for (const operation of part.lotOperations) this.lotOperations.add(operation);
    for (const service of part.lotServices) this.lotServices.add(service);
    return true;
  }

  /** Whether the part begins here: next line, same company, between lotes or inside the one it was told of. */
  private meets(part: ReaderPart): boolean {
    const batch = this.batch;
    const begun = part.begunIn;
    const here =
      !this.ended &&
      this.splitter.idle &&
      this.headerLine === 1 &&
      this.trailerLine === null &&
      part.firstLine === this.lines.lastLine + 1 &&
      part.company.document === this.file.company.document &&
      part.company.name === this.file.company.name;
    if (!here) return false;
    if (begun === null) return part.firstLote !== null && this.place === 'file' && batch === null;
    return (
      this.place === 'lote' &&
      batch !== null &&
      batch.number === begun.number &&
      batch.line === begun.line &&
      batch.records === begun.records &&
      batch.expectedSeq === begun.expectedSeq
    );
  }

  /** The lote open here goes on in the part: its last item handed on, its sums added to the part's of that lote. */
  private joinLote(part: ReaderPart): void {
    this.flushItem();
    const mine = this.batch as OpenBatch;
    this.batch = null;
    // the lote the part began inside: the first it closed, or the one it leaves open
    const theirs = (part.closed[0] ?? part.open) as OpenBatch;
    theirs.details += mine.details;
    theirs.total_amount_cents += mine.total_amount_cents;
    theirs.acceptedAmount += mine.acceptedAmount;
  }

  // ---- messages -------------------------------------------------------------------------------------

  private report(error: boolean, line: number, said: Message | string, kind: string): void {
    if (this.muted) return;
    const finding = oneLineMessage(typeof said === 'string' ? plainFinding(said) : said);
    const message = finding.message;
    this.onProblem?.(withFinding({ line, message, kind, error }, finding));
    const k = this.kindCounts.get(kind) ?? { count: 0, last: 0, error, finding };
    k.count++;
    k.last = line;
    this.kindCounts.set(kind, k);
    if (k.count <= this.perKind) {
      const problem = withFinding({ line, message }, finding);
      (error ? this.file.errors : this.file.warnings).push(problem);
      this.kept?.push({ kind, error, problem, finding });
    }
  }

  /** A finding by its code (findings.ts); a plain text is a check's still worded where it is made. */
  private warn(line: number, finding: Message | string, kind = kindOf(finding)): void {
    this.report(false, line, finding, kind);
  }

  private error(line: number, finding: Message | string, kind = kindOf(finding)): void {
    this.report(true, line, finding, kind);
  }

  // ---- records --------------------------------------------------------------------------------------

  /** Where the record leads (structure.ts), then its fields. */
  private record(n: number, rec: string): void {
    const type = rec[7] as string;
    const move = MOVES[this.place][kindOfRecord(type)];
    if (countsAsRecord(move)) {
      this.file.records++;
      this.firstRecordLine ??= n;
    }
    switch (move.refused) {
      case 'after-trailer':
        this.error(n, cnabFinding('cnab.after-trailer', { trailer: this.trailerLine ?? 0 }), 'after-trailer');
        return;
      case 'record-type':
        this.error(n, cnabFinding('cnab.record-type', { type }), 'record-type');
        return;
      case 'orphan-detail':
        this.error(n, cnabFinding('cnab.orphan-detail', {}), 'orphan-detail');
        return;
      case 'orphan-lote-trailer':
        this.warn(n, cnabFinding('cnab.orphan-lote-trailer', {}), 'orphan-lote-trailer');
        return;
    }
    if (move.closesLote) this.closeBatch(n, null);
    this.place = move.to;
    switch (type) {
      case '0':
        this.fileHeader(n, rec, move.note === 'header-not-first');
        return;
      case '1':
        if (move.note === 'no-file-header')
          this.warn(n, cnabFinding('cnab.no-file-header', {}), 'no-file-header');
        this.loteHeader(n, rec);
        return;
      case '3':
        this.detail(n, rec, this.batch as OpenBatch);
        return;
      case '5':
        this.checkBank(n, rec);
        this.closeBatch(n, rec);
        return;
      case '9':
        this.fileTrailer(n, rec);
        return;
    }
  }

  private checkBank(n: number, rec: string): void {
    // every record starts with its bank; the usual one, the file's, is seen without a slice
    if (this.file.bank_code !== null && rec.startsWith(this.file.bank_code)) return;
    const bank = field(rec, 1, 3);
    if (this.file.bank_code === null) this.file.bank_code = bank;
    else if (bank !== this.file.bank_code) {
      this.warn(
        n,
        cnabFinding('cnab.bank-differs', { bank, file: String(this.file.bank_code) }),
        'bank-differs',
      );
    }
  }

  /** Reports what a check found, as warnings. */
  private reportProblems(n: number, ...problems: Array<Problem | null>): void {
    for (const p of problems) if (p) this.warn(n, p.finding ?? p.message, p.kind);
  }

  private fileHeader(n: number, rec: string, notFirst: boolean): void {
    if (this.headerLine !== null) {
      this.error(n, cnabFinding('cnab.header-twice', { first: this.headerLine }), 'header-twice');
      return;
    }
    if (notFirst) this.warn(n, cnabFinding('cnab.header-not-first', {}), 'header-not-first');
    this.headerLine = n;
    const { lote, companyProblem } = readFileHeader(this.file, rec);
    if (lote !== '0000') this.warn(n, cnabFinding('cnab.header-lote', { lote }), 'header-lote');
    this.reportProblems(n, companyProblem);
  }

  private loteHeader(n: number, rec: string): void {
    this.checkBank(n, rec);
    const f = this.file;
    f.bank_name ??= BANK_NAMES[f.bank_code ?? ''] ?? null;
    const { batch, says, company } = openLote(n, rec, this.lastBatchNumber + 1, f.bank_code);
    // a second half's first lote follows the first half's last, which its reader knows
    if (this.firstLote === null && !this.muted) this.firstLote = { line: n, number: batch.number, says };
    else if (batch.number !== this.lastBatchNumber + 1)
      this.warn(
        n,
        cnabFinding('cnab.lote-seq', { lote: says, expected: this.lastBatchNumber + 1 }),
        'lote-seq',
      );
    this.lastBatchNumber = batch.number;
    if (batch.operation) this.lotOperations.add(batch.operation);
    if (batch.service) this.lotServices.add(batch.service);
    const { forma } = batch;
    if (forma && !FORMA_NAMES[forma] && forma !== '00')
      this.warn(n, cnabFinding('cnab.forma', { forma }), 'forma');
    const document = cpfCnpjOfType(company.type, company.document);
    if (f.company.document === null) {
      f.company.document = document;
      f.company.name ??= company.name();
    }
    if (this.headerLine === null || document !== f.company.document)
      this.reportProblems(n, documentProblem(company.type, company.document, 'company'));
    this.batch = batch;
  }

  private detail(n: number, rec: string, batch: OpenBatch): void {
    batch.records++;
    this.checkBank(n, rec);
    // lote (4-7), sequence (9-13) and segment (14) of every detail, read in place (see DETAIL)
    const lote = intAt(rec, 4, 7);
    if (lote !== batch.number)
      this.warn(
        n,
        cnabFinding('cnab.detail-lote', { says: read(DETAIL, rec, 'lote'), lote: batch.number }),
        'detail-lote',
      );
    const seq = intAt(rec, 9, 13);
    if (seq !== batch.expectedSeq) {
      this.warn(
        n,
        cnabFinding('cnab.detail-seq', { says: read(DETAIL, rec, 'sequence'), expected: batch.expectedSeq }),
        'detail-seq',
      );
    }
    batch.expectedSeq = (seq ?? batch.expectedSeq) + 1;
    const letter = rec.charCodeAt(13);
    let segment = letter >= 97 && letter <= 122 ? (rec[13] as string).toUpperCase() : (rec[13] as string);
    // a J-52 says 52 at 18-19, where a J's 44-digit barcode starts
    const j52 =
      segment === 'J' &&
      read(DETAIL, rec, 'optional_record') === '52' &&
      !/^\d{44}$/.test(read(DETAIL, rec, 'barcode'));
    if (j52) segment = 'J52';
    this.segments.add(segment);

    if (batch.statement && segment === 'E') {
      batch.details++;
      this.file.details++;
      return;
    }
    const payment = Object.hasOwn(MAIN_PAYMENT_SEGMENTS, segment);
    const dda = batch.dda && Object.hasOwn(MAIN_DDA_SEGMENTS, segment);
    if (payment || dda || Object.hasOwn(MAIN_COLLECTION_SEGMENTS, segment)) {
      this.flushItem();
      const item = readMainItem(n, rec, segment, batch, this.contextFor(n, batch));
      batch.details++;
      batch.total_amount_cents += item.amount_cents ?? 0;
      this.file.details++;
      this.file.total_amount_cents += item.amount_cents ?? 0;
      this.mainDetails++;
      if (payment && item.occurrences.length > 0) this.itemsWithOccurrences++;
      this.pending = item;
      return;
    }
    if (segment === 'J52' || COMPANION_SEGMENTS.has(segment)) {
      if (segment === 'W') return; // Caixa's pre-validation report: no item of its own
      if (!this.pending) {
        this.warn(
          n,
          cnabFinding('cnab.orphan-companion', { segment: segment === 'J52' ? 'J-52' : segment }),
          'orphan-companion',
        );
        return;
      }
      COMPANION_READERS[segment]?.(rec, this.pending, this.contextFor(n, batch));
      return;
    }
    this.warn(n, cnabFinding('cnab.unknown-segment', { segment }), `segment-${segment}`);
  }

  /** What a segment's reader needs of the file around line `n` (one object, refilled for each record). */
  private contextFor(n: number, batch: OpenBatch): SegmentContext {
    const c = this.segmentContext;
    c.dialect = DIALECTS[this.file.dialect];
    c.bank = this.file.bank_code;
    c.forma = batch.forma;
    c.line = n;
    return c;
  }

  private readonly segmentContext: SegmentContext & { line: number } = {
    dialect: FEBRABAN,
    bank: null,
    forma: null,
    line: 0,
    report: (...problems) => this.reportProblems(this.segmentContext.line, ...problems),
  };

  private flushItem(): void {
    const item = this.pending;
    if (!item) return;
    this.pending = null;
    if (this.batch && item.status !== 'rejected') this.batch.acceptedAmount += item.amount_cents ?? 0;
    this.onItem?.(item);
    if (this.keepItems) this.file.items.push(item);
  }

  private closeBatch(n: number, trailer: string | null): void {
    const batch = this.batch!;
    this.flushItem();
    this.batch = null;
    if (trailer === null) {
      this.warn(
        n,
        cnabFinding('cnab.no-lote-trailer', { lote: batch.number, line: batch.line }),
        'no-lote-trailer',
      );
    } else readLoteTrailer(batch, n, trailer, this.warnAt);
    this.closed.push(batch);
  }

  private fileTrailer(n: number, rec: string): void {
    this.checkBank(n, rec);
    this.trailerLine = n;
    const read = { lotes: this.closed.length, records: this.file.records };
    // a second half's trailer counts the first half's lotes and records too: it is checked when both are known
    if (this.kept) this.fileTrailerSeen = { line: n, record: rec, ...read };
    else checkFileTrailer(n, rec, read, this.warnAt);
  }

  private readonly warnAt = (line: number, finding: Message, kind: string) => this.warn(line, finding, kind);

  // ---- end ------------------------------------------------------------------------------------------

  private finish(): void {
    const f = this.file;
    const last = Math.max(this.lines.lastLine, 1);
    if (this.batch) {
      f.truncated = true;
      this.closeBatch(last, null);
    }
    if (f.records === 0) {
      this.error(last, cnabFinding('cnab.no-records', {}), 'no-records');
    } else if (this.trailerLine === null) {
      f.truncated = true;
      this.warn(last, cnabFinding('cnab.no-file-trailer', {}), 'no-file-trailer');
    }
    const evidence = this.evidence();
    f.service = inferService(evidence);
    f.direction = this.decideDirection(evidence);
    for (const { line, problem } of trailerSumProblems(this.closed, this.file.direction === 'retorno'))
      this.reportProblems(line, problem);
    this.lines.endWarnings(this.file.records);
    for (const [, k] of this.kindCounts) {
      if (k.count > this.perKind) {
        const more = k.count - this.perKind;
        const summary = cnabFinding('cnab.more-like', { more, finding: k.finding, last: k.last });
        (k.error ? f.errors : f.warnings).push(
          withFinding({ line: k.last, message: summary.message }, summary),
        );
      }
    }
    f.warnings.sort((a, b) => a.line - b.line);
    f.errors.sort((a, b) => a.line - b.line);
    f.bank_name ??= BANK_NAMES[f.bank_code ?? ''] ?? null;
    f.batches = this.closed.map(
      ({
        expectedSeq: _s,
        acceptedAmount: _a,
        wideTrailerAmount: _w,
        collection: _c,
        dda: _d,
        statement: _st,
        ...pub
      }) => pub,
    );
  }

  private evidence(): FileEvidence {
    return {
      segmentCounts: this.segments.counts(),
      lotServices: this.lotServices,
      lotOperations: this.lotOperations,
      mainDetails: this.mainDetails,
      itemsWithOccurrences: this.itemsWithOccurrences,
      headerDirectionCode: this.file.header_direction_code,
    };
  }

  private decideDirection(evidence: FileEvidence) {
    const { direction, warnings } = inferDirection(evidence, this.file.service);
    const line = this.headerLine ?? this.firstRecordLine ?? 1;
    for (const w of warnings) this.warn(line, w, 'direction');
    return direction;
  }
}

/** Reads a whole CNAB 240 file held in memory. */
export function readCnab240Sync(source: string | Uint8Array, options?: ReadOptions): CnabFile {
  const reader = new Cnab240Reader(options);
  reader.write(source);
  return reader.end();
}

/** Reads a CNAB 240 file from text, bytes, or a stream of chunks (a Node Readable is an AsyncIterable). */
export async function readCnab240(source: CnabSource, options?: ReadOptions): Promise<CnabFile> {
  if (typeof source === 'string' || source instanceof Uint8Array) return readCnab240Sync(source, options);
  const reader = new Cnab240Reader(options);
  if (Symbol.asyncIterator in source) {
    for await (const chunk of source as AsyncIterable<Uint8Array | string>) reader.write(chunk);
  } else {
    for (const chunk of source as Iterable<Uint8Array | string>) reader.write(chunk);
  }
  return reader.end();
}
