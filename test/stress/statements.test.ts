import { expect, test } from 'vitest';
import { expectStreamsInBoundedMemory } from '../unit/formats/statement/synthetic-ofx.js';

/** #32: a 100 MB OFX (STRESS_OFX_MB to change it) streams with the heap flat; npm test streams a few MB. */

const MB = Number(process.env.STRESS_OFX_MB ?? 100);

test(`a ${MB} MB OFX streams in bounded memory (transactions not retained)`, async () => {
  const r = await expectStreamsInBoundedMemory(MB, 64);
  console.log(
    `ofx stream: ${MB} MB, ${r.transactions} transactions, heap growth ${r.growthMb.toFixed(1)} MB`,
  );
  expect(r.transactions).toBeGreaterThan(MB * 4000);
});
