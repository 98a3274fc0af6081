/**
 * `condo [COMMAND…] --help` and `condo __complete WORDS…` answered from what the build wrote (help-pages.ts,
 * completion-table.ts), before commander or any verb loads: bin/condo.js tries this first (built as CommonJS, as
 * the bin is: scripts/build.mjs). Anything else (an unknown command, a flag beside --help, an alias) is left to
 * commander, which says the same or says what is wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompletionTable, complete } from './completion-table.js';
import { formatHelpPage, type HelpPage, helpPageFile } from './help-pages.js';
import { langArg, resolveLang } from './i18n.js';

/** Prints the page and answers true when `argv` only asks for one; false leaves the run to main. */
export function printStaticHelp(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  stdout: NodeJS.WriteStream,
  /** `dist/help`, where the build wrote the pages */
  helpDir: string,
): boolean {
  const path = helpPath(argv);
  if (path === undefined) return false;
  let lang: ReturnType<typeof resolveLang>;
  try {
    lang = resolveLang(langArg(argv), env);
  } catch {
    return false; // a --lang it does not know: main says so
  }
  let page: HelpPage;
  try {
    page = JSON.parse(readFileSync(join(helpDir, lang, helpPageFile(path)), 'utf8')) as HelpPage;
  } catch {
    return false; // no such page (not a command), or a build without the books: commander answers
  }
  // commander's width: the terminal's, else 80
  stdout.write(formatHelpPage(page, stdout.isTTY ? (stdout.columns ?? 80) : 80));
  return true;
}

/** `payables list` for `payables list --help` (or `-h`, `--lang X` anywhere); undefined for anything else. */
export function helpPath(argv: readonly string[]): string | undefined {
  const words: string[] = [];
  let asked = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      if (i !== argv.length - 1) return undefined;
      asked = true;
    } else if (arg === '--lang') i++;
    else if (arg.startsWith('--lang=') || arg === '--no-color') continue;
    else if (/^[a-z][a-z0-9-]*$/.test(arg)) words.push(arg);
    else return undefined;
  }
  return asked ? words.join(' ') : undefined;
}

/**
 * `condo __complete WORDS…` (what the shell asks on every TAB) from the completion table the build wrote; false
 * leaves it to main, which reads the table off the command tree.
 */
export function printStaticCompletion(
  argv: readonly string[],
  stdout: NodeJS.WriteStream,
  helpDir: string,
): boolean {
  let table: CompletionTable;
  try {
    table = JSON.parse(readFileSync(join(helpDir, 'completion.json'), 'utf8')) as CompletionTable;
  } catch {
    return false;
  }
  // PowerShell's completer says an empty word being completed as --word-empty (completion.ts)
  const words = argv[1] === '--word-empty' ? [...argv.slice(2), ''] : argv.slice(1);
  stdout.write(
    complete(table, words)
      .map((c) => `${c}\n`)
      .join(''),
  );
  return true;
}
