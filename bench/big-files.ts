// The CLI on big files, as a user runs it: `condo cnab inspect` of a CNAB 240 file of 998,024 lines (a file holds
// at most 999,999 records) and of a DDA file of 100,000 boletos (300,010 lines), and `condo
// statements import --dry-run` of a 200,000-transaction OFX, each against a bare Node line reader over the same
// bytes, in the same run. The DDA is also read by `condo cnab lint`, which reads every record through the same
// reader with every check and prints no row per boleto: #33's target (a read within 2x the line reader) is its
// figure; inspect's adds writing 100,000 tsv rows. Peak RSS of each process at two sizes, one twice the other:
// memory must stay flat as the file doubles. Bundled and run by bench/run.mjs with the CLI's path and the Node to run it
// as arguments.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
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

async function ofxFile(path: string, transactions: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20261101<DTEND>20261130\r\n',
  );
  for (let i = 0; i < transactions; i++) {
    await write(
      `<STMTTRN>\r\n<TRNTYPE>DEBIT\r\n<DTPOSTED>20261105\r\n<TRNAMT>-${(i % 9000) + 1}.${String(i % 100).padStart(2, '0')}\r\n<FITID>B${i}\r\n<MEMO>PAGAMENTO FORNECEDOR ${i}\r\n</STMTTRN>\r\n`,
    );
  }
  await write(
    '</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>20261130</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n',
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

function measure(args: string[]): { ms: number; rssMb: number } {
  const samples: number[] = [];
  let rss = 0;
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
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)] as number, rssMb: rss };
}

function row(
  name: string,
  m: { ms: number; rssMb: number },
  base: { ms: number; rssMb: number },
  target = '',
): void {
  record(name, Math.round(m.ms), 'ms', Math.round((m.ms / base.ms) * 100) / 100, {
    rss_mb: Math.round(m.rssMb),
  });
  console.log(
    `${name.padEnd(50)} ${m.ms.toFixed(0).padStart(7)} ms  x${(m.ms / base.ms).toFixed(2).padStart(5)}   RSS ${m.rssMb.toFixed(0).padStart(4)} MB${target}`,
  );
}

/** The targets an issue set, printed beside the figure they are for. */
const TARGETS: Readonly<Record<string, string>> = { 'DDA cnab lint FILE': '   (#33: the read, target x2)' };

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
      QUICK ? [25_000, 50_000] : [100_000, 200_000],
      ofxFile,
      [(f: string) => [bin, '--json', 'statements', 'import', '--dry-run', f]],
    ],
  ] as const) {
    if (KINDS && !KINDS.includes(kind)) continue;
    const results: { name: string; size: number; rssMb: number }[] = [];
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
        results.push({ name, size, rssMb: m.rssMb });
      }
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
      const [half, full] = results.filter((r) => r.name === name);
      if (half && full)
        console.log(
          `${kind}: condo ${name}: peak RSS x${(full.rssMb / half.rssMb).toFixed(2)} as the file doubles`,
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
