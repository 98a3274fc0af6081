// `npm run fuzz`: the properties of test/fuzz/targets.ts for FUZZ_SECONDS (default 600) in all, shared among the
// readers, with two checks the short run leaves out: no single case may take FUZZ_CASE_SECONDS (default 10; a
// hang, not a benchmark), and the heap after a full collection may not keep growing from one round to the next.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, test } from 'vitest';
import { holds } from '../properties.js';
import { apiCasesRun, apiProperty, contractProperty } from './api-target.js';
import { casesRun, Finding, targets } from './targets.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const totalSeconds = Number(process.env.FUZZ_SECONDS ?? 600);
const caseSeconds = Number(process.env.FUZZ_CASE_SECONDS ?? 10);
// the readers, and the API's operations (#30: no input answers a 5xx)
const list = [
  ...targets(),
  { name: 'api', property: (wrap: Parameters<typeof apiProperty>[0]) => apiProperty(wrap) },
  // #53 point 8: the document's own values accepted, unknown parameters named, 405 with Allow
  { name: 'contract', property: (wrap: Parameters<typeof contractProperty>[0]) => contractProperty(wrap) },
] as ReturnType<typeof targets>;
const ROUNDS = 5;
// at least a second a target a round: a first API case takes longer than a short run's share (FUZZ_SECONDS=3 gave
// each 66 ms, and a target that ran no case failed the run)
const slice = Math.max(1000, (totalSeconds * 1000) / list.length / ROUNDS);
const heap: number[] = [];
const fuzzStarted = performance.now();

/** The heap after the event loop has turned (a csv-parse stream frees its buffers on a later tick) and a GC. */
async function heapAfterCollection(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

test(`fuzz for ${totalSeconds} s`, {
  timeout: (Math.max(totalSeconds, (slice * list.length * ROUNDS) / 1000) + 120) * 1000,
}, async () => {
  heap.push(await heapAfterCollection());
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of list) {
      const timed = target.property(async (check) => {
        // let the event loop turn between cases, as between two nightly imports
        await new Promise((resolve) => setImmediate(resolve));
        const started = performance.now();
        await check();
        const took = performance.now() - started;
        if (took > caseSeconds * 1000)
          throw new Finding(`${target.name}: one case took ${(took / 1000).toFixed(1)} s`);
      });
      await holds(timed, {
        numRuns: Number.MAX_SAFE_INTEGER,
        interruptAfterTimeLimit: slice,
        markInterruptAsFailure: false,
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) + round,
      });
    }
    heap.push(await heapAfterCollection());
  }
  // Rounds 2.. must not keep climbing: the last is within 64 MB of the smallest after the first round.
  const settled = Math.min(...heap.slice(1));
  expect(heap.at(-1)! - settled).toBeLessThan(64 * 1024 * 1024);
});

afterAll(() => {
  const total = [...casesRun.values()].reduce((a, b) => a + b, 0);
  const mb = heap.map((h) => (h / 2 ** 20).toFixed(0)).join(' → ');
  console.log(
    `fuzz: ${total + apiCasesRun.count} cases in ${((performance.now() - fuzzStarted) / 1000).toFixed(0)} s (${[...casesRun].map(([k, v]) => `${k} ${v}`).join(', ')}, api ${apiCasesRun.count} calls, none answered 5xx); heap after each round ${mb} MB`,
  );
});
