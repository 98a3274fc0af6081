import { decodeTime } from 'ulid';
import { expect, test } from 'vitest';
import { pooledRandom } from '../../../src/domain/ids.js';
import { monotonicUlids, newUlid } from '../../../src/domain/ulids.js';

test('the pooled source gives fractions in [0, 1), spread over the range, across refills', () => {
  const draws = Array.from({ length: 20_000 }, pooledRandom);
  expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
  const tenths = new Array(10).fill(0);
  for (const x of draws) tenths[Math.floor(x * 10)]++;
  for (const n of tenths) expect(n).toBeGreaterThan(1_600); // 2,000 expected in each
});

test('ids from it are unique, keep their time, and a monotonic factory keeps their order', () => {
  const at = Date.parse('2026-11-26T12:00:00Z');
  const ids = Array.from({ length: 5_000 }, () => newUlid(at));
  expect(new Set(ids).size).toBe(ids.length);
  expect(decodeTime(ids[0] as string)).toBe(at);
  const next = monotonicUlids();
  const ordered = Array.from({ length: 5_000 }, () => next(at));
  expect([...ordered].sort()).toEqual(ordered);
  expect(new Set(ordered).size).toBe(ordered.length);
});
