// 100 MB over the wire, the CLI against curl making the same request to the same sandbox in the same run:
//   `condo batches download` of a ~100 MB remittance (210,000 TEDs, seeded straight into the store);
//   `condo statements import` of a ~100 MB OFX (two files of the same size and shape, different FITIDs, so both
//   uploads are imported for real: the server's work is the same for each).
// Wall time and peak RSS of each process (/usr/bin/time). Bundled and run by bench/run.mjs with the Node to run
// the CLI on as its argument.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_CONDOMINIUM } from '../src/sandbox/index.js';
import { record } from './record.mjs';
import { bin, type Server, seeded, serve } from './sandbox.js';

const [node = process.execPath] = process.argv.slice(2);
const QUICK = process.env.BENCH_QUICK === '1';
const PAYMENTS = Number(process.env.BENCH_TRANSFER_PAYMENTS ?? (QUICK ? 50_000 : 210_000));
// just under the sandbox's 100 MB limit on a statement upload
const OFX_BYTES = Number(process.env.BENCH_TRANSFER_MB ?? (QUICK ? 20 : 95)) * 1_048_576;
// #32 point 3: a batch of this many marked payables answers within 10 s; the smaller shows the growth
const BATCH_SIZES = QUICK ? [10_000, 25_000] : [40_000, 100_000];

interface Timed {
  ms: number;
  rssMb: number;
  out: string;
}

function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv): Timed {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    const shown = args.join(' ').replace(/Bearer \S+/, 'Bearer ***');
    throw new Error(`${cmd} ${shown} exited ${r.status}: ${r.stderr.slice(-800)}`);
  }
  return { ms, rssMb: Number(r.stderr.trim().split('\n').at(-1)) / 1024, out: r.stdout };
}

function row(name: string, m: { ms: number; rssMb: number }, base: { ms: number }, mb: number): void {
  record(name, Math.round(m.ms), 'ms', Math.round((m.ms / base.ms) * 100) / 100, {
    rss_mb: Math.round(m.rssMb),
  });
  console.log(
    `${name.padEnd(46)} ${m.ms.toFixed(0).padStart(7)} ms  x${(m.ms / base.ms).toFixed(2).padStart(5)}  ${(mb / (m.ms / 1000)).toFixed(0).padStart(5)} MB/s   RSS ${m.rssMb.toFixed(0).padStart(4)} MB`,
  );
}

/** An OFX of about `bytes`, its FITIDs starting with `prefix`; returns the transactions written. */
async function ofxFile(path: string, bytes: number, prefix: string): Promise<number> {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0350<ACCTID>12345-1<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20260131\r\n',
  );
  let written = 0;
  let n = 0;
  while (written < bytes) {
    const day = String((n % 28) + 1).padStart(2, '0');
    const tx = `<STMTTRN><TRNTYPE>${n % 2 ? 'CREDIT' : 'DEBIT'}<DTPOSTED>202601${day}<TRNAMT>${n % 2 ? '' : '-'}${1 + (n % 9000)}.${String(n % 100).padStart(2, '0')}<FITID>${prefix}${n}<MEMO>MOVIMENTO ${n}</STMTTRN>\r\n`;
    await write(tx);
    written += tx.length;
    n++;
  }
  await write(
    '</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>20260131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n',
  );
  await new Promise((r) => out.end(r));
  return n;
}

const root = await mkdtemp(join(tmpdir(), 'condo-bench-transfer-'));
let server: Server | undefined;
try {
  console.log(
    '\nbatches create: the CNAB 240 file of every marked payable, through the CLI (goal: 100,000 within 10 s)',
  );
  let smallest: number | undefined;
  for (const size of BATCH_SIZES) {
    server = await serve(await seeded(root, `batch-${size}`, size, () => 'marked_for_remessa'));
    const s = server;
    const made = timed(
      node,
      [bin, '--profile', s.profile, 'batches', 'create', '--date', 'next-business-day', '--yes'],
      s.env,
    );
    const serverRss =
      Number(spawnSync('ps', ['-o', 'rss=', '-p', String(s.child.pid)], { encoding: 'utf8' }).stdout) / 1024;
    smallest ??= made.ms;
    console.log(
      `${`batches create, ${size.toLocaleString('en')} payables`.padEnd(46)} ${(made.ms / 1000).toFixed(1).padStart(6)} s  x${(made.ms / smallest).toFixed(2).padStart(5)}   CLI RSS ${made.rssMb.toFixed(0).padStart(4)} MB   sandbox RSS after ${serverRss.toFixed(0)} MB`,
    );
    s.child.kill('SIGTERM');
    server = undefined;
  }

  server = await serve(await seeded(root, 'transfer', PAYMENTS, () => 'marked_for_remessa'));
  const s = server;
  const cli = (args: string[]) => timed(node, [bin, '--profile', s.profile, ...args], s.env);
  const created = cli(['--json', 'batches', 'create', '--date', 'next-business-day', '--yes']);
  const batch = JSON.parse(created.out).public_id as string;
  const api = `${s.base}/api/v1/condominiums/${TEST_CONDOMINIUM}`;
  const auth = `Authorization: Bearer ${s.token}`;

  const viaCurl = join(root, 'curl.rem');
  // the median of three of each: a download is quick enough to repeat
  const median = (runs: Timed[]) => runs.sort((a, b) => a.ms - b.ms)[1] as Timed;
  const curl = median(
    [0, 1, 2].map(() =>
      timed('curl', ['-sf', '-H', auth, '-o', viaCurl, `${api}/pagamento-batches/${batch}/file`], s.env),
    ),
  );
  const mb = (await stat(viaCurl)).size / 1_048_576;
  console.log(
    `\n${mb.toFixed(0)} MB over the wire: a remittance of ${PAYMENTS.toLocaleString('en')} payments (${mb.toFixed(0)} MB; the batch took ${(created.ms / 1000).toFixed(1)} s to create), ratios against curl`,
  );
  row('baseline: curl GET the batch file', curl, curl, mb);
  // the transfer itself, what curl does; then the delivery as a user runs it, its file linted first (#34)
  row(
    'condo batches download ID -O FILE --skip-lint',
    median(
      [0, 1, 2].map((i) =>
        cli(['batches', 'download', batch, '-O', join(root, `condo-${i}.rem`), '--force', '--skip-lint']),
      ),
    ),
    curl,
    mb,
  );
  row(
    'condo batches download ID -O FILE (linted)',
    median([0, 1, 2].map((i) => cli(['batches', 'download', batch, '-O', join(root, `lint-${i}.rem`)]))),
    curl,
    mb,
  );

  const first = join(root, 'a.ofx');
  const second = join(root, 'b.ofx');
  const transactions = await ofxFile(first, OFX_BYTES, 'A');
  await ofxFile(second, OFX_BYTES, 'B');
  const ofxMb = (await stat(first)).size / 1_048_576;
  console.log(
    `an OFX of ${transactions.toLocaleString('en')} transactions (${ofxMb.toFixed(0)} MB) imported, each upload a file of its own`,
  );
  const upload = timed(
    'curl',
    [
      '-sf',
      '-H',
      auth,
      '-F',
      'format=ofx',
      '-F',
      `file=@${first};type=application/x-ofx`,
      '-o',
      '/dev/null',
      `${api}/bank-accounts/${s.paymentAccount}/statements/import`,
    ],
    s.env,
  );
  row('baseline: curl -F file=@… statements import', upload, upload, ofxMb);
  row(
    'condo statements import FILE --account ID',
    cli(['--json', 'statements', 'import', second, '--account', String(s.paymentAccount)]),
    upload,
    ofxMb,
  );
} finally {
  server?.child.kill('SIGTERM');
  await rm(root, { recursive: true, force: true });
}
