import { test } from 'vitest';
import { sandboxSession } from './harness.js';

test('t', async () => {
  const s = await sandboxSession();
  for (const args of [
    ['payables', 'list'],
    ['payables', 'list', '--json'],
    ['ledger', 'chart'],
    ['payables', 'show', 'x'],
  ]) {
    for (let i = 0; i < 5; i++) await s.condo.run(args);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) await s.condo.run(args);
    const c = process.cpuUsage(c0);
    console.log(
      args.join(' '),
      'per run cpu',
      ((c.user + c.system) / 40000).toFixed(2),
      'ms wall',
      ((performance.now() - t0) / 40).toFixed(2),
    );
  }
  await s.close();
});
