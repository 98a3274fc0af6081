/**
 * The help books, read off the command tree at build time: scripts/build.mjs writes every page of every language
 * as `dist/help/<lang>/condo.payables.list.json` (help-pages.ts says why).
 */
import type { EventEmitter } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command, Help } from 'commander';
import { completionTable } from './completion.js';
import { commandsMarkdown, type HelpBook, type HelpItem, type HelpPage, helpPageFile } from './help-pages.js';
import { english, LANGUAGES, type Lang, loadTranslator } from './i18n.js';
import type { Io } from './io.js';
import { buildProgram } from './program.js';
import { declarations } from './verbs/index.js';

/**
 * Writes every page of every language under `dir` (`<dir>/<lang>/<page file>`), and the completion table
 * (`<dir>/completion.json`, completion.ts).
 */
export async function writeHelpBooks(dir: string): Promise<void> {
  for (const lang of LANGUAGES) {
    const program = await programIn(lang);
    await mkdir(join(dir, lang), { recursive: true });
    // the completion table is the same tree in any language: written once, from English's
    if (lang === 'en')
      await writeFile(
        join(dir, 'completion.json'),
        JSON.stringify(completionTable(program, await declarations())),
      );
    const book = readHelpBook(program);
    for (const [path, page] of Object.entries(book))
      await writeFile(join(dir, lang, helpPageFile(path)), JSON.stringify(page));
    // the manual of every command (docs/commands.md is this file, committed)
    if (lang === 'en') await writeFile(join(dir, 'commands.md'), commandsMarkdown(book));
  }
}

/** The whole command tree, its texts in `lang`. */
async function programIn(lang: Lang): Promise<Command> {
  const t = lang === 'en' ? english : await loadTranslator(lang);
  return buildProgram(
    silentIo(),
    () => undefined,
    () => undefined,
    t,
  );
}

/** Every command's page, by its path after the program's name. */
export function readHelpBook(program: Command): HelpBook {
  const book: Record<string, HelpPage> = {};
  const visit = (cmd: Command, path: readonly string[]) => {
    book[path.join(' ')] = pageOf(cmd);
    for (const sub of cmd.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return book;
}

function pageOf(cmd: Command): HelpPage {
  const helper = cmd.createHelp();
  helper.prepareContext({ helpWidth: 80 });
  refuseWhatPagesDoNotKeep(cmd, helper);
  const title = (heading: string) => helper.styleTitle(heading);
  const sections: [string, HelpItem[]][] = [
    [
      title('Arguments:'),
      helper
        .visibleArguments(cmd)
        .map((a) => [helper.styleArgumentTerm(helper.argumentTerm(a)), helper.argumentDescription(a)]),
    ],
    [
      title('Options:'),
      helper
        .visibleOptions(cmd)
        .map((o) => [
          helper.styleOptionTerm(helper.optionTerm(o)),
          helper.styleOptionDescription(helper.optionDescription(o)),
        ]),
    ],
  ];
  if (helper.showGlobalOptions)
    sections.push([
      title('Global Options:'),
      helper
        .visibleGlobalOptions(cmd)
        .map((o) => [
          helper.styleOptionTerm(helper.optionTerm(o)),
          helper.styleOptionDescription(helper.optionDescription(o)),
        ]),
    ]);
  sections.push([
    title('Commands:'),
    helper
      .visibleCommands(cmd)
      .map((c) => [helper.styleSubcommandTerm(helper.subcommandTerm(c)), helper.subcommandDescription(c)]),
  ]);
  let after = '';
  for (const listener of events(cmd).listeners('afterHelp'))
    listener({ error: false, command: cmd, write: (text: string) => (after += text) });
  return {
    usage: `${title('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`,
    description: helper.commandDescription(cmd),
    termWidth: helper.padWidth(cmd, helper),
    sections,
    after,
  };
}

/** What commander can print that a page does not keep: grouped flags or commands, text before the page. */
function refuseWhatPagesDoNotKeep(cmd: Command, helper: Help): void {
  const grouped =
    helper.visibleOptions(cmd).some((o) => o.helpGroupHeading) ||
    helper.visibleCommands(cmd).some((c) => c.helpGroup());
  const before = ['beforeHelp', 'beforeAllHelp', 'afterAllHelp'].some(
    (e) => events(cmd).listenerCount(e) > 0,
  );
  if (grouped || before)
    throw new Error(`help pages keep no help groups or before-texts; "${cmd.name()}" has them`);
}

/** commander's Command is an EventEmitter, which its typings do not say. */
const events = (cmd: Command) => cmd as unknown as EventEmitter;

function silentIo(): Io {
  const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;
  return { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, color: false } as unknown as Io;
}
