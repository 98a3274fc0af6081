import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { benchTable } from '../../scripts/bench-doc.mjs';

const at = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** #72 point 7: CONTRIBUTING.md's figures are `npm run bench`'s own, with its day and machine, never copied by hand. */
test("CONTRIBUTING.md's performance table is the one bench/results/latest.json gives", () => {
  const results = JSON.parse(readFileSync(at('bench/results/latest.json'), 'utf8'));
  expect(results.figures.length).toBeGreaterThan(10);
  expect(readFileSync(at('CONTRIBUTING.md'), 'utf8')).toContain(benchTable(results));
  // the script's own check says the same, as a person runs it
  expect(() => execFileSync(process.execPath, [at('scripts/bench-doc.mjs'), '--check'])).not.toThrow();
});
