// `npm run bench:doc`: CONTRIBUTING.md's performance table, written from `npm run bench`'s own output
// (bench/results/latest.json: every figure with its ratio, baseline, day and machine), between the markers below;
// `--check` exits 1 when the table is not what the results say (test/unit/bench-doc.test.ts runs it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const BEGIN = '<!-- bench:begin: npm run bench:doc writes this from bench/results/latest.json -->';
const END = '<!-- bench:end -->';

/** The table of a run's results, in Markdown. */
export function benchTable(results) {
  const m = results.machine;
  const day = results.started_at.slice(0, 16).replace('T', ' ');
  const lines = [
    `Measured ${day} UTC by \`${results.quick ? 'BENCH_QUICK=1 ' : ''}npm run bench\` (median of ${results.runs} runs),`,
    `on ${m.os}, ${m.cpus} × ${m.cpu ?? 'unknown CPU'}, ${m.memory_gb} GB, Node ${results.node.replace(/^v/, '')}.`,
    'Each figure is a ratio against a baseline measured in the same run.',
    '',
    '| Group | What | Figure | Ratio | Baseline |',
    '| --- | --- | --- | --- | --- |',
  ];
  const cell = (t) => String(t).replace(/\|/g, '\\|');
  const said = {
    rss_mb: (v) => `RSS ${v} MB`,
    mb_per_s: (v) => `${v} MB/s`,
    of_one: (v) => `x${v} of one`,
  };
  for (const f of results.figures) {
    const extra = Object.entries(f)
      .filter(([k]) => k in said)
      .map(([k, v]) => said[k](v))
      .join(', ');
    const what = f.of ? `${f.name} (${f.of})` : f.name;
    const figure = `${f.value} ${f.unit}${extra ? `, ${extra}` : ''}`;
    lines.push(
      `| ${cell(f.group)} | ${cell(what)} | ${cell(figure)} | x${f.ratio} | ${cell(f.baseline ?? '')} |`,
    );
  }
  return lines.join('\n');
}

/** CONTRIBUTING.md with its table replaced by the one the results give. */
export function withTable(contributing, results) {
  const a = contributing.indexOf(BEGIN);
  const b = contributing.indexOf(END);
  if (a < 0 || b < a) throw new Error(`CONTRIBUTING.md has no ${BEGIN} … ${END} section`);
  return `${contributing.slice(0, a + BEGIN.length)}\n${benchTable(results)}\n${contributing.slice(b)}`;
}

if (process.argv[1] === import.meta.filename) {
  const results = JSON.parse(readFileSync(join(root, 'bench', 'results', 'latest.json'), 'utf8'));
  const path = join(root, 'CONTRIBUTING.md');
  const now = readFileSync(path, 'utf8');
  const next = withTable(now, results);
  if (process.argv.includes('--check')) {
    if (now !== next) {
      console.error(
        'CONTRIBUTING.md: the performance table is not bench/results/latest.json: npm run bench:doc',
      );
      process.exit(1);
    }
  } else writeFileSync(path, next);
}
