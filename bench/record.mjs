// Each figure a bench prints, kept as one JSON line too (#72 point 7): `npm run bench` (bench/run.mjs) names the
// file in BENCH_RESULTS for every bench it runs, then gathers the lines into bench/results/latest.json with the
// day and the machine; scripts/bench-doc.mjs writes CONTRIBUTING.md's table from it. A bench run alone records
// nothing.
import { appendFileSync } from 'node:fs';

let heading = null;
let baseline = null;

/** What the figures after this are of (`CNAB 240: 20,000 payments, 4.6 MB`), as the bench prints it above them. */
export function section(title) {
  heading = title.trim();
  baseline = null;
}

/**
 * A figure: its name as the bench prints it, its value in `unit`, and its ratio against the baseline measured in
 * the same run. A name that starts `baseline: ` is the baseline of the figures after it, and is kept as theirs;
 * `extra` for what the line says besides (RSS, MB/s).
 */
export function record(name, value, unit, ratio, extra = {}) {
  if (name.startsWith('baseline: ')) {
    baseline = `${name.slice('baseline: '.length)} (${value} ${unit})`;
    return;
  }
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  const group = process.env.BENCH_GROUP ?? 'the CLI';
  const of = heading ? { of: heading } : {};
  appendFileSync(file, `${JSON.stringify({ group, ...of, name, value, unit, ratio, baseline, ...extra })}\n`);
}
