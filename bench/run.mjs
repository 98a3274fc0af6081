// Benchmarks, printed as ratios against baselines measured in the same run on the same machine:
//   start-up of `condo --version|--help` against `node -e 0`;
//   one authenticated API call through `condo api` against curl making the same request;
//   peak RSS of the CLI against `node -e 0`.
//   the CNAB 240 and OFX parsers' throughput and heap against a raw read of the same file (bench/formats.ts);
//   an accounting firm's read over 50 condominiums: `--all-profiles payables list` against the shell loop of one
//   `condo --profile P payables list` per condominium;
//   the sandbox's store: create latency with 200 000 payables against a few dozen, and a GET's p99 during a
//   300 000-line statement import against its idle p99 (bench/store.ts).
// Run with `npm run bench` (it builds first). Nothing here asserts: the numbers are for people.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const bin = join(import.meta.dirname, '..', 'bin', 'condo.js');

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

function row(name, m, base) {
  console.log(
    `${name.padEnd(44)} ${m.median.toFixed(1).padStart(8)} ms  x${(m.median / base.median).toFixed(2).padStart(5)}   RSS ${(m.rssKb / 1024).toFixed(1).padStart(6)} MB  x${(m.rssKb / base.rssKb).toFixed(2)}`,
  );
}

const root = mkdtempSync(join(tmpdir(), 'condo-bench-'));
const env = { CONDO_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1', CI: '1' };
try {
  console.log(`median of ${RUNS} runs; ratios against the baseline above each group\n`);
  const node = time(process.execPath, ['-e', '0']);
  row('baseline: node -e 0', node, node);
  const cases = [
    [['--version'], 0],
    [['--help'], 0],
    [['payables', '--help'], 0],
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
    row(`condo ${args.join(' ').slice(0, 38)}`, time(process.execPath, [bin, ...args], env, status), node);
  }

  // One API call: the sandbox in a child process, curl vs condo on the same GET.
  const { spawn } = await import('node:child_process');
  const sandbox = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--data-dir', join(root, 'sandbox')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
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
    const curl = time('curl', ['-sf', '-o', '/dev/null', '-H', `Authorization: Bearer ${token}`, url]);
    row('baseline: curl GET payables', curl, curl);
    row(
      'condo api GET payables',
      time(process.execPath, [bin, '--profile', profile, 'api', 'GET', 'payables'], env),
      curl,
    );
    row(
      'condo payables list (table rendering)',
      time(process.execPath, [bin, '--profile', profile, 'payables', 'list'], env),
      curl,
    );
  } finally {
    sandbox.kill('SIGTERM');
  }

  // An accounting firm's question over 50 condominiums: one `--all-profiles` run against the shell loop over the
  // same profiles, one process each (tokens cached by a first run, as on any day but the first).
  const firm = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--condominiums', '50', '--data-dir', join(root, 'firm')],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
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
    const loop = `for p in ${profiles.join(' ')}; do node ${bin} --profile $p payables list; done`;
    const firmRuns = Math.max(3, Math.floor(RUNS / 5));
    const timeFew = (cmd, args) => timeWith(firmRuns, cmd, args, env);
    const shell = timeFew('bash', ['-c', loop]);
    row(`baseline: shell loop, ${profiles.length} profiles`, shell, shell);
    row(
      `condo --profiles <the 50> payables list`,
      timeFew(process.execPath, [bin, ...across, 'payables', 'list']),
      shell,
    );
  } finally {
    firm.kill('SIGTERM');
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

// The parsers' and the store's benches, bundled from the sources on the fly (the CLI bundle does not export
// them) into the project's node_modules cache, so their packages (better-sqlite3, fastify) resolve.
const { build } = await import('esbuild');
const cache = join(import.meta.dirname, '..', 'node_modules', '.cache', 'condo-bench');
mkdirSync(cache, { recursive: true });
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
spawnSync(process.execPath, ['--expose-gc', await bundled('formats')], { stdio: 'inherit' });
spawnSync(process.execPath, [await bundled('store')], { stdio: 'inherit' });
