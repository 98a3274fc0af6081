// Parser throughput and memory, as ratios against reading the same file raw from disk in the same run.
// Bundled and run by bench/run.mjs.
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordChunks, RemittanceStream, readCnab240 } from '../src/formats/cnab240/index.js';
import { parseStatement } from '../src/formats/statement/index.js';
import { record, section } from './record.mjs';
import { BENCH_HEADER, benchPayments, benchRemittance } from './remittance.js';

const QUICK = process.env.BENCH_QUICK === '1';
const PAYMENTS = QUICK ? 10_000 : 40_000;
const OFX_TRANSACTIONS = QUICK ? 25_000 : 100_000;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; heapMb: number; result: T }> {
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms, heapMb: (peak - heap0) / 1_048_576, result };
}

async function rawRead(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines++;
  }
  return lines;
}

function cnabFile(): string {
  return benchRemittance(PAYMENTS);
}

function ofxFile(): string {
  const tx = Array.from(
    { length: OFX_TRANSACTIONS },
    (_, i) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-${(i % 9000) + 1}.${String(i % 100).padStart(2, '0')}<FITID>B${i}<MEMO>PAGAMENTO FORNECEDOR ${i}</STMTTRN>`,
  ).join('\r\n');
  return `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20261101<DTEND>20261130\r\n${tx}\r\n</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>20261130</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n`;
}

/**
 * #32 point 2: `payments` TEDs written as a stream (RemittanceStream, as the sandbox writes a batch), a megabyte at
 * a time to `path`; the heap should not grow with the count. The writing is synchronous, so no timer can sample it:
 * `sample` runs at each megabyte written.
 */
function streamedRemittance(path: string, payments: number, sample: () => void): number {
  const stream = new RemittanceStream(BENCH_HEADER);
  const pieces = new RecordChunks();
  const fd = openSync(path, 'w');
  let bytes = 0;
  const put = (piece: string | null) => {
    if (piece === null) return;
    bytes += writeSync(fd, piece, null, 'latin1');
    sample();
  };
  try {
    let i = 0;
    for (const payment of benchPayments(payments))
      put(pieces.add(stream.add(stream.check(payment, i++).checked)));
    put(pieces.add(stream.end()));
    put(pieces.end());
  } finally {
    closeSync(fd);
  }
  return bytes;
}

function row(name: string, m: { ms: number; heapMb: number }, base: { ms: number }, sizeMb: number): void {
  record(name, Math.round(m.ms), 'ms', Math.round((m.ms / base.ms) * 100) / 100, {
    mb_per_s: Math.round((sizeMb / (m.ms / 1000)) * 10) / 10,
  });
  console.log(
    `${name.padEnd(44)} ${m.ms.toFixed(0).padStart(7)} ms  x${(m.ms / base.ms).toFixed(2).padStart(6)}  ${(sizeMb / (m.ms / 1000)).toFixed(1).padStart(6)} MB/s  heap +${m.heapMb.toFixed(1)} MB`,
  );
}

const dir = await mkdtemp(join(tmpdir(), 'condo-bench-formats-'));
try {
  const rem = join(dir, 'big.rem');
  const write = await timed(async () => cnabFile());
  await writeFile(rem, write.result);
  const remMb = Buffer.byteLength(write.result) / 1_048_576;
  const ofx = join(dir, 'big.ofx');
  const ofxText = ofxFile();
  await writeFile(ofx, ofxText);
  const ofxMb = Buffer.byteLength(ofxText) / 1_048_576;

  section(`CNAB 240: ${PAYMENTS} payments, ${remMb.toFixed(1)} MB`);
  console.log(
    `\nCNAB 240: ${PAYMENTS} payments, ${remMb.toFixed(1)} MB; ratios against a raw read of the same file`,
  );
  const rawRem = await timed(() => rawRead(rem));
  row('baseline: raw read, counting lines', rawRem, rawRem, remMb);
  row('write the remittance (in memory)', write, rawRem, remMb);
  row(
    'read it (streaming, items not kept)',
    await timed(() => readCnab240(createReadStream(rem), { keepItems: false })),
    rawRem,
    remMb,
  );

  console.log(
    '\nCNAB 240 written as a stream (RemittanceStream, a megabyte at a time): live heap after a full GC at each megabyte',
  );
  const streamedHeap: number[] = [];
  for (const payments of [PAYMENTS, PAYMENTS * 10]) {
    const path = join(dir, `streamed-${payments}.rem`);
    // what the writer holds: the heap after a full collection, at each megabyte (garbage not yet collected would
    // measure the collector's timing, not the writer)
    globalThis.gc?.();
    const base = process.memoryUsage().heapUsed;
    let live = 0;
    const sample = () => {
      globalThis.gc?.();
      live = Math.max(live, process.memoryUsage().heapUsed - base);
    };
    const m = await timed(async () => streamedRemittance(path, payments, sample));
    m.heapMb = live / 1_048_576;
    const mb = m.result / 1_048_576;
    const raw = await timed(() => rawRead(path));
    row(`baseline: raw read (${payments.toLocaleString('en')} payments)`, raw, raw, mb);
    row(`write ${payments.toLocaleString('en')} payments as a stream`, m, raw, mb);
    streamedHeap.push(m.heapMb);
    await rm(path);
  }
  const [small = 0, large = 0] = streamedHeap;
  // below a megabyte the ratio says nothing: both are the writer's open lote and a megabyte of lines
  console.log(
    `live heap ${small.toFixed(1)} MB and ${large.toFixed(1)} MB for ten times the payments: x${(Math.max(large, 1) / Math.max(small, 1)).toFixed(2)} counting from 1 MB (goal: within 2x)`,
  );

  section(`OFX: ${OFX_TRANSACTIONS} transactions, ${ofxMb.toFixed(1)} MB`);
  console.log(
    `\nOFX: ${OFX_TRANSACTIONS} transactions, ${ofxMb.toFixed(1)} MB; ratios against a raw read of the same file`,
  );
  const rawOfx = await timed(() => rawRead(ofx));
  row('baseline: raw read, counting lines', rawOfx, rawOfx, ofxMb);
  row(
    'parse (streaming, transactions not kept)',
    await timed(() => parseStatement(createReadStream(ofx), { keepTransactions: false })),
    rawOfx,
    ofxMb,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
