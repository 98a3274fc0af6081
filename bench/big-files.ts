// The CLI on big files, as a user runs it: `condo cnab inspect` of a CNAB 240 file of 998,024 lines (a file holds
// at most 999,999 records) and of a DDA file of 100,000 boletos (300,010 lines), and `condo
// statements import --dry-run` of OFX files of 20,000 and 200,000 transactions, each against a bare Node line
// reader over the same bytes, in the same run. The DDA is also read by `condo cnab lint`, which reads every record
// through the same reader with every check and prints no row per boleto: #33's target (a read within 2x the line
// reader) is its figure; inspect's adds writing 100,000 tsv rows. Peak RSS of each process at two sizes: memory
// must stay flat as the file grows. Beside condo, the parsers a user would pick instead (#73 point 5,
// bench/peer.mjs): ofx-js and ofx-data-extractor for OFX, nodenab for CNAB 240, over the same files. Bundled and
// run by bench/run.mjs with the CLI's path and the Node to run it as arguments.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDda } from './dda.js';
import { record, section } from './record.mjs';
import { benchRemittance } from './remittance.js';

const [bin = '', node = process.execPath] = process.argv.slice(2);
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_BIG_RUNS ?? (QUICK ? 1 : 3));
// BENCH_BIG_KINDS=DDA (or 'CNAB 240', OFX, comma-separated): only those files
const KINDS = process.env.BENCH_BIG_KINDS?.split(',').map((k) => k.trim());

/** A remittance of `payments` TEDs: two records each (A, B), so about twice as many lines. */
async function cnabFile(path: string, payments: number): Promise<void> {
  await writeFile(path, benchRemittance(payments));
}

/** A DDA file of `boletos` boletos: three records each (G, H, Y-03). */
async function ddaFile(path: string, boletos: number): Promise<void> {
  await writeFile(path, benchDda(boletos));
}

/** Elements one to a line, as banks write them (ofx-data-extractor reads no other way). */
const ofxLines = (...elements: string[]) => `${elements.join('\r\n')}\r\n`;

async function ofxFile(path: string, transactions: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n' +
      ofxLines(
        '<OFX>',
        '<BANKMSGSRSV1>',
        '<STMTTRNRS>',
        '<STMTRS>',
        '<CURDEF>BRL',
        '<BANKACCTFROM>',
        '<BANKID>0341',
        '<ACCTID>12345-6',
        '<ACCTTYPE>CHECKING',
        '</BANKACCTFROM>',
        '<BANKTRANLIST>',
        '<DTSTART>20261101',
        '<DTEND>20261130',
      ),
  );
  for (let i = 0; i < transactions; i++) {
    await write(
      `<STMTTRN>\r\n<TRNTYPE>DEBIT\r\n<DTPOSTED>20261105\r\n<TRNAMT>-${(i % 9000) + 1}.${String(i % 100).padStart(2, '0')}\r\n<FITID>B${i}\r\n<MEMO>PAGAMENTO FORNECEDOR ${i}\r\n</STMTTRN>\r\n`,
    );
  }
  await write(
    ofxLines(
      '</BANKTRANLIST>',
      '<LEDGERBAL>',
      '<BALAMT>1000.00',
      '<DTASOF>20261130',
      '</LEDGERBAL>',
      '</STMTRS>',
      '</STMTTRNRS>',
      '</BANKMSGSRSV1>',
      '</OFX>',
    ),
  );
  await new Promise((r) => out.end(r));
}

/** `n` reconciliation rules: n-1 that match no line of ofxFile's (of every kind of condition), the last all. */
function rulesFile(n: number): string {
  const kinds = [
    (i: number) => `{ memo: NAO EXISTE ${i} }`,
    (i: number) => `{ memo: '/^TARIFA ${i}\\b/i', direction: debit }`,
    (i: number) => `{ amount: ${i + 1}0000.00..${i + 1}0001.00 }`,
    (i: number) => `{ direction: credit, day: ${(i % 28) + 1} }`,
    (i: number) => `{ document: ${String(10_000_000_000 + i * 7919).slice(0, 11)}, memo: PAGAMENTO }`,
  ];
  const lines = ['version: 1', 'rules:'];
  for (let i = 0; i < n - 1; i++) {
    const match = (kinds[i % kinds.length] as (i: number) => string)(i);
    lines.push(`  - id: r${i}`, `    match: ${match}`, '    book: { chart_account: 2.4.04 }');
  }
  lines.push(
    '  - id: fornecedores',
    '    match: { memo: FORNECEDOR, direction: debit }',
    '    book: { chart_account: 2.4.04 }',
  );
  return `${lines.join('\n')}\n`;
}

/** The baseline: Node's own line reader over the file, counting lines, nothing else. */
const LINE_READER = `const rl=require('node:readline').createInterface({input:require('node:fs').createReadStream(process.argv[1]),crlfDelay:Infinity});let n=0;rl.on('line',()=>n++);rl.on('close',()=>console.log(n));`;

interface Measured {
  ms: number;
  rssMb: number;
  /** what the process printed last (a peer: what it read) */
  said: string;
}

function measure(args: string[]): Measured {
  const samples: number[] = [];
  let rss = 0;
  let said = '';
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%M', node, ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 1 << 30,
    });
    samples.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
    rss = Math.max(rss, Number(r.stderr.trim().split('\n').at(-1)) / 1024);
    said = r.stdout.trim().split('\n').at(-1) ?? '';
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)] as number, rssMb: rss, said };
}

// this file runs bundled, from node_modules/.cache/condo-bench (bench/run.mjs): bench/ is three folders up
const BENCH = join(import.meta.dirname, '..', '..', '..', 'bench');
const PEER = join(BENCH, 'peer.mjs');
/** The peers each kind of file is read by (bench/peer.mjs): what a user would pick instead of condo. */
const PEERS: Readonly<Record<string, readonly string[]>> = {
  OFX: ['ofx-js', 'ofx-data-extractor'],
  'CNAB 240': ['nodenab'],
};

/**
 * bench/package.json's peers, installed there when they are not (the product's npm ci leaves them out); why not,
 * when they still are not.
 */
function installPeers(): string | undefined {
  const here = createRequire(join(BENCH, 'package.json'));
  const missing = () =>
    ['nodenab', 'ofx-data-extractor'].filter((name) => {
      try {
        here.resolve(name);
        return false;
      } catch {
        return true;
      }
    });
  if (missing().length === 0) return undefined;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--prefix', BENCH, '--no-audit', '--no-fund', '--silent'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  const still = missing();
  return still.length === 0
    ? undefined
    : `${still.join(', ')} not installed (npm ci --prefix bench: ${r.stderr.trim().split('\n')[0] || `exit ${r.status}`})`;
}

/** A peer's figure beside condo's: its time against the same baseline, and what it read (or how it failed). */
function peerRow(peer: string, file: string, base: Measured, condo: Measured): void {
  let m: Measured;
  try {
    m = measure([PEER, peer, file]);
  } catch (error) {
    const why =
      String((error as Error).message)
        .split('\n')
        .find((l) => /Error/.test(l)) ?? 'failed';
    console.log(`${`peer ${peer}`.padEnd(50)} failed: ${why.trim().slice(0, 100)}`);
    return;
  }
  row(`peer ${peer}`, m, base, `   x${(m.ms / condo.ms).toFixed(2)} condo's time; read ${m.said}`);
}

function row(name: string, m: Measured, base: Measured, target = ''): void {
  record(name, Math.round(m.ms), 'ms', Math.round((m.ms / base.ms) * 100) / 100, {
    rss_mb: Math.round(m.rssMb),
  });
  console.log(
    `${name.padEnd(50)} ${m.ms.toFixed(0).padStart(7)} ms  x${(m.ms / base.ms).toFixed(2).padStart(5)}   RSS ${m.rssMb.toFixed(0).padStart(4)} MB${target}`,
  );
}

/** The targets an issue set, printed beside the figure they are for. */
const TARGETS: Readonly<Record<string, string>> = {
  'DDA cnab lint FILE': '   (#33: the read, target x2)',
  'CNAB 240 -o tsv cnab inspect FILE': '   (#73: target x2.5 at 500,000 lines)',
  'OFX --json statements import --dry-run FILE': '   (#73: target x2.5)',
};

const peersProblem = installPeers();
const dir = await mkdtemp(join(tmpdir(), 'condo-bench-big-'));
try {
  const inspect = (f: string) => [bin, '-o', 'tsv', 'cnab', 'inspect', f];
  for (const [kind, sizes, make, clis] of [
    ['CNAB 240', QUICK ? [50_000, 100_000] : [249_500, 499_000], cnabFile, [inspect]],
    [
      'DDA',
      // 100,000 boletos, #33's size, and twice as many: below 100,000 a read's peak RSS still climbs as V8's young
      // generation grows to its size (98 MB at 50,000 for lint, 129 at 100,000, 128 at 200,000)
      QUICK ? [25_000, 50_000] : [100_000, 200_000],
      ddaFile,
      [(f: string) => [bin, 'cnab', 'lint', f], inspect],
    ],
    [
      'OFX',
      // #73's sizes: the dry run's ratio at 200,000 within 10% of its ratio at 20,000
      QUICK ? [5_000, 50_000] : [20_000, 200_000],
      ofxFile,
      [(f: string) => [bin, '--json', 'statements', 'import', '--dry-run', f]],
    ],
  ] as const) {
    if (KINDS && !KINDS.includes(kind)) continue;
    const results: { name: string; size: number; rssMb: number; ratio: number }[] = [];
    for (const size of sizes) {
      const file = join(dir, `${size}.${kind === 'OFX' ? 'ofx' : kind === 'DDA' ? 'ret' : 'rem'}`);
      await make(file, size);
      const lines = measureLines(file);
      const mb = (await stat(file)).size / 1_048_576;
      const heading = `${kind}: ${size.toLocaleString('en')} ${kind === 'OFX' ? 'transactions' : kind === 'DDA' ? 'boletos' : 'payments'}, ${lines.toLocaleString('en')} lines, ${mb.toFixed(0)} MB`;
      section(heading);
      console.log(`\n${heading}`);
      const base = measure(['-e', LINE_READER, file]);
      row('baseline: node readline, counting lines', base, base);
      let m = base;
      for (const cli of clis) {
        m = measure(cli(file));
        const name = cli('FILE').slice(1).join(' ');
        row(`condo ${name}`, m, base, TARGETS[`${kind} ${name}`]);
        results.push({ name, size, rssMb: m.rssMb, ratio: m.ms / base.ms });
      }
      // #73 point 5: the parsers a user would pick instead, over the same bytes, against the same baseline
      if (peersProblem) console.log(`peers: ${peersProblem}`);
      else for (const peer of PEERS[kind] ?? []) peerRow(peer, file, base, m);
      if (kind === 'OFX' && size === sizes.at(-1)) {
        // #35 point 4: a 50-rule file over the statement offline, against parsing it alone (the dry-run import):
        // 49 rules that each look at every line and match none, the last one takes them all (the worst case)
        const rules = join(dir, 'regras.yaml');
        await writeFile(rules, rulesFile(50));
        const r = measure([bin, '--json', 'statements', 'reconcile', file, '--rules', rules, '--dry-run']);
        console.log(
          `${'condo statements reconcile FILE --rules (50) --dry-run'.padEnd(50)} ${r.ms.toFixed(0).padStart(7)} ms  x${(r.ms / m.ms).toFixed(2).padStart(5)} of the parse alone (target x1.5)   RSS ${r.rssMb.toFixed(0).padStart(4)} MB`,
        );
      }
      await rm(file);
    }
    for (const cli of clis) {
      const name = cli('FILE').slice(1).join(' ');
      const [small, big] = results.filter((r) => r.name === name);
      if (!small || !big) continue;
      const sizes = `from ${small.size.toLocaleString('en')} to ${big.size.toLocaleString('en')}`;
      console.log(`${kind}: condo ${name}: peak RSS x${(big.rssMb / small.rssMb).toFixed(2)} ${sizes}`);
      // #73 point 1: what a line costs does not grow with the file (target within 10%, both within x2.5)
      if (kind === 'OFX')
        console.log(
          `${kind}: condo ${name}: x${big.ratio.toFixed(2)} the line reader against x${small.ratio.toFixed(2)}, ${sizes} (${((big.ratio / small.ratio - 1) * 100).toFixed(0)}%; #73: within 10%, both within x2.5)`,
        );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

function measureLines(file: string): number {
  const r = spawnSync(node, ['-e', LINE_READER, file], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}
