import { expect, test } from 'vitest';
import { runPool } from '../../../src/client/bulk.js';

test('an empty run sends nothing and answers nothing (#67: apply with every unit billed already)', async () => {
  let calls = 0;
  const results = await runPool([], 4, async () => {
    calls += 1;
  });
  expect(results).toEqual([]);
  expect(calls).toBe(0);
});

test('one item, then the rest four at a time, results in the input order', async () => {
  const results = await runPool([3, 1, 2, 5, 4], 4, async (n) => {
    await new Promise((r) => setTimeout(r, n));
    return n * 10;
  });
  expect(results.map((r) => (r.ok ? r.data : null))).toEqual([30, 10, 20, 50, 40]);
});

test('stopped (Ctrl-C): what was not sent is not counted as progress, and is said not sent', async () => {
  const stop = new AbortController();
  const counted: number[] = [];
  const results = await runPool(
    [1, 2, 3, 4, 5, 6],
    1,
    async (n) => {
      if (n === 2) stop.abort();
      return n;
    },
    { stop: stop.signal, onResult: (done) => counted.push(done) },
  );
  expect(counted).toEqual([1, 2]);
  expect(results.map((r) => (r.ok ? 'sent' : r.notSent ? 'not sent' : 'failed'))).toEqual([
    'sent',
    'sent',
    'not sent',
    'not sent',
    'not sent',
    'not sent',
  ]);
});
