/** bench/record.mjs: a figure a bench prints, kept as one JSON line too when BENCH_RESULTS names a file. */
export function section(title: string): void;
export function record(
  name: string,
  value: number,
  unit: string,
  ratio: number,
  extra?: Record<string, number | string>,
): void;
