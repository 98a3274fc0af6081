/**
 * A long list on a terminal goes through the person's pager, as `gh` does (#53; which pager, and when: io.ts's
 * `pagerCommand`). A pager that cannot be started leaves the text on stdout as it was.
 */
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { onStop } from './signals.js';

/** `less -R "a b"` as the program and its arguments: quotes group words, as a shell would (no expansion). */
export function commandWords(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/**
 * Shows `text` in the pager and resolves when the person leaves it. `less` gets FRX unless LESS is set: it quits
 * at once on a text that fits one screen, keeps colours and leaves the text on the screen. While it runs, Ctrl-C
 * is the pager's (less stops a search with it), not a reason to end condo under it.
 */
export function page(
  command: string,
  text: string,
  env: NodeJS.ProcessEnv,
  fallback: Writable,
): Promise<void> {
  const [file = 'less', ...args] = commandWords(command);
  const whole = text.endsWith('\n') ? text : `${text}\n`;
  return new Promise((resolve) => {
    const release = onStop(() => undefined);
    const child = spawn(file, args, {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: { LESS: 'FRX', LV: '-c', ...env },
    });
    let started = false;
    child.once('spawn', () => {
      started = true;
      // the person quitting before the end closes the pipe: what was not read is not wanted
      child.stdin.on('error', () => undefined);
      child.stdin.end(whole);
    });
    child.once('error', () => {
      release();
      if (!started) fallback.write(whole);
      resolve();
    });
    child.once('close', () => {
      release();
      resolve();
    });
  });
}
