import type { Clock } from '../../../src/client/sleep.js';
import { interrupted, sleep } from '../../../src/client/sleep.js';

/** Clocks for the client's tests: waits are asserted by what was asked for, never by wall-clock time. */

/** A clock that never waits: every sleep is recorded and moves "now" forward by its length at once. */
export function steppingClock(start = Date.now()): Clock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw interrupted();
      waits.push(ms);
      now += Math.max(0, ms);
    },
  };
}

/** The system's clock, with every wait it was asked for recorded (for a server that keeps real time). */
export function recordingClock(): Clock & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      waits.push(ms);
      return sleep(ms, signal);
    },
  };
}

/** A clock the test moves by hand: a sleep ends when `advance` reaches its end, not before. */
export function manualClock(start = Date.UTC(2026, 10, 24, 12)): Clock & {
  /** The remaining time of every sleep still waiting. */
  sleeping(): number[];
  advance(ms: number): Promise<void>;
} {
  let now = start;
  const sleepers = new Set<{ until: number; wake: () => void }>();
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(interrupted());
        const sleeper = { until: now + ms, wake: resolve };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', () => {
          sleepers.delete(sleeper);
          reject(interrupted());
        });
      }),
    sleeping: () => [...sleepers].map((s) => s.until - now),
    async advance(ms) {
      now += ms;
      for (const s of [...sleepers]) {
        if (s.until <= now) {
          sleepers.delete(s);
          s.wake();
        }
      }
      await settle();
    },
  };
}
