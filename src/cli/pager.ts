/**
 * A long list on a terminal goes through the person's pager, as `gh` does (#53): `CONDO_PAGER`, else `PAGER`,
 * else `less`. Never when stdout is not a terminal, under `CI`, with `TERM=dumb`, with `--no-pager`, or when the
 * pager is set empty or to `cat`. A pager that cannot be started leaves the text on stdout as it was.
 */
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { onStop } from './signals.js';

/** The pager's command line for this run, or undefined when the text goes straight to stdout. */
export function pagerCommand(
  env: NodeJS.ProcessEnv,
  stdoutIsTty: boolean,
  noPager: boolean,
): string | undefined {
  if (noPager || !stdoutIsTty || env.CI || env.TERM === 'dumb') return undefined;
  const chosen = (env.CONDO_PAGER ?? env.PAGER ?? 'less').trim();
  return chosen === '' || chosen === 'cat' ? undefined : chosen;
}

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
      child.stdin.end(text.endsWith('\n') ? text : `${text}\n`);
    });
    child.once('error', () => {
      release();
      if (!started) fallback.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve();
    });
    child.once('close', () => {
      release();
      resolve();
    });
  });
}
