import { fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { Clock } from '../client/sleep.js';

/** The terminal a verb talks to: injected, so a verb runs the same under a test as in a shell. */
export interface Io {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number; rows?: number };
  stderr: Writable & { isTTY?: boolean };
  /** Colour for stdout (tables) and stderr (messages); decided once from flags and the environment. */
  color: boolean;
  env: NodeJS.ProcessEnv;
  /** Time as this run sees it (default the system's): a test shares one it moves with the sandbox. */
  clock?: Clock;
  /** Shows a text longer than the terminal in the person's pager (pager.ts); absent: straight to stdout. */
  page?: (text: string) => Promise<void>;
  /**
   * Whether stdout is neither a terminal nor where stderr goes (a file or pipe of its own): what is written to one
   * is then never read beside the other, so their order is nobody's concern. Absent: assume they are read together.
   */
  stdoutApart?: () => boolean;
}

export function systemIo(noColorFlag: boolean, noPagerFlag = false): Io {
  const isTty = Boolean(process.stdout.isTTY);
  const pager = pagerCommand(process.env, isTty, noPagerFlag);
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    color: colorEnabled(process.env, isTty, noColorFlag),
    env: process.env,
    stdoutApart: () => !isTty && !sameTarget(1, 2),
    // the pager's module (and child_process) loads only when a text is long enough to page
    ...(pager
      ? { page: async (text) => (await import('./pager.js')).page(pager, text, process.env, process.stdout) }
      : {}),
  };
}

/** Whether two descriptors reach the same file, pipe or device (`2>&1`); when it cannot be told, that they do. */
function sameTarget(a: number, b: number): boolean {
  try {
    const one = fstatSync(a);
    const other = fstatSync(b);
    // Windows gives a pipe no inode (0 for both): told apart only by what can be told
    return one.ino === 0 || (one.dev === other.dev && one.ino === other.ino);
  } catch {
    return true;
  }
}

/**
 * The pager for a long list (#53), as `gh` picks it: `CONDO_PAGER`, else `PAGER`, else `less`; none when stdout
 * is not a terminal, under `CI`, with `TERM=dumb`, with `--no-pager`, or when it is set empty or to `cat`.
 */
export function pagerCommand(
  env: NodeJS.ProcessEnv,
  stdoutIsTty: boolean,
  noPager: boolean,
): string | undefined {
  if (noPager || !stdoutIsTty || env.CI || env.TERM === 'dumb') return undefined;
  const chosen = (env.CONDO_PAGER ?? env.PAGER ?? 'less').trim();
  return chosen === '' || chosen === 'cat' ? undefined : chosen;
}

/**
 * docs/DESIGN.md colour policy: off for NO_COLOR, CLICOLOR=0, TERM=dumb, --no-color or a stdout that is not a TTY;
 * FORCE_COLOR / CLICOLOR_FORCE turn it on (a flag still wins).
 */
export function colorEnabled(env: NodeJS.ProcessEnv, stdoutIsTty: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if ((env.FORCE_COLOR && env.FORCE_COLOR !== '0') || (env.CLICOLOR_FORCE && env.CLICOLOR_FORCE !== '0'))
    return true;
  if (env.CLICOLOR === '0' || env.TERM === 'dumb') return false;
  return stdoutIsTty;
}

/** Prompts are allowed only with a person at both ends and no --no-input or CI. */
export function canPrompt(io: Io, noInput: boolean): boolean {
  return Boolean(io.stdin.isTTY && io.stdout.isTTY) && !noInput && !io.env.CI;
}

const codes = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof codes;

/** Minimal ANSI styling (chalk's import is not worth it for five colours, and chalk ignores NO_COLOR). */
export function paint(io: Io, style: Style, text: string): string {
  if (!io.color) return text;
  const [open, close] = codes[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/**
 * Data from a server or a file made visible but harmless: C0 controls, DEL and C1 controls (ESC, OSC, BEL...) as
 * `\x1B`-style escapes, so a payee name cannot retitle the window, clear the screen or hide text. Our own
 * colours are added after this, by `paint`.
 */
export function printable(text: string): string {
  // almost every text has none: a test costs less than a replace that finds nothing
  if (!hasControl(text)) return text;
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether the text holds a control character (a tab, a line break, an escape…). */
export const hasControl = (text: string): boolean => CONTROL.test(text);

/** A word of a command as a person pastes it into a shell: as it is when plain, else in single quotes. */
export function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

export function writeLine(stream: Writable, line = ''): void {
  stream.write(`${line}\n`);
}
