import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { reportError } from '../../src/cli/program.js';
import { type Session, sandboxSession } from './harness.js';
import { runOnTerminal } from './tty.js';

/**
 * #29 point 2: condo's own messages keep their lines and colours, while data from outside stays escaped. A colour
 * is applied after the text is made harmless, never escaped itself.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('webhooks listen on a terminal: Ready. in green, not an escaped colour code', async () => {
  const r = await runOnTerminal(s.condo, ['webhooks', 'listen'], [[/Listening on/, '\x03']]);
  expect(r.output).toContain('\u001b[32mReady.\u001b[39m');
  expect(r.output).not.toContain('\\x1B');
});

test("a platform error's own lines stay lines; a control character in them is still escaped", () => {
  let text = '';
  const stderr = new Writable({
    write(chunk, _e, done) {
      text += String(chunk);
      done();
    },
  });
  const io = { stderr, color: false, env: {} } as unknown as Io;
  const code = reportError(
    io,
    new Error('Could not locate the bindings file. Tried:\n → build/better_sqlite3.node\n → \u001b[2Jlib'),
  );
  // not condo's own error: failed (8)
  expect(code).toBe(8);
  expect(text).toBe(
    'error: Could not locate the bindings file. Tried:\n → build/better_sqlite3.node\n → \\x1B[2Jlib\n',
  );
});
