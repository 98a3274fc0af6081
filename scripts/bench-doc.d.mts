/** scripts/bench-doc.mjs: CONTRIBUTING.md's performance table from bench/results/latest.json. */
export function benchTable(results: unknown): string;
export function withTable(contributing: string, results: unknown): string;
