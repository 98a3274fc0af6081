import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { readHelpBook } from '../../../src/cli/help-book.js';
import { formatHelpPage } from '../../../src/cli/help-pages.js';
import { english, LANGUAGES, loadTranslator } from '../../../src/cli/i18n.js';
import type { Io } from '../../../src/cli/io.js';
import { buildProgram } from '../../../src/cli/program.js';
import { helpPath } from '../../../src/cli/static-help.js';

const sink = { write: () => true, isTTY: false };
const io = { stdin: process.stdin, stdout: sink, stderr: sink, env: {}, color: false } as unknown as Io;

/** What commander prints for `--help` at a terminal `width` wide: the page, then the after-texts. */
function commanderHelp(cmd: Command, width: number): string {
  const helper = cmd.createHelp();
  helper.prepareContext({ helpWidth: width });
  let after = '';
  const emitter = cmd as unknown as NodeJS.EventEmitter;
  for (const listener of emitter.listeners('afterHelp'))
    listener({ error: false, command: cmd, write: (text: string) => (after += text) });
  return helper.formatHelp(cmd, helper) + after;
}

function commandsOf(cmd: Command, path: string[] = []): [string, Command][] {
  return [[path.join(' '), cmd], ...cmd.commands.flatMap((c) => commandsOf(c, [...path, c.name()]))];
}

describe('help pages (static, from the build)', () => {
  test.each(LANGUAGES)('every page in %s is what commander prints, at every width', async (lang) => {
    const t = lang === 'en' ? english : await loadTranslator(lang);
    const program = await buildProgram(
      io,
      () => undefined,
      () => undefined,
      t,
    );
    const book = readHelpBook(program);
    const commands = commandsOf(program);
    expect(Object.keys(book).sort()).toEqual(commands.map(([path]) => path).sort());
    expect(commands.length).toBeGreaterThan(80);
    for (const [path, cmd] of commands) {
      const page = book[path]!;
      // through JSON, as the build writes it and static-help reads it
      const stored = JSON.parse(JSON.stringify(page));
      for (const width of [20, 40, 60, 80, 100, 132, 200])
        expect(formatHelpPage(stored, width), `${lang} "${path}" at ${width}`).toBe(
          commanderHelp(cmd, width),
        );
    }
  });

  test('only a bare help request is answered from the book', () => {
    expect(helpPath(['--help'])).toBe('');
    expect(helpPath(['payables', 'list', '-h'])).toBe('payables list');
    expect(helpPath(['--lang', 'pt-BR', 'payables', '--help'])).toBe('payables');
    expect(helpPath(['payables', '--lang=en', '--no-color', '--help'])).toBe('payables');
    // a flag beside it, help not last, a value that is not a word: commander decides
    expect(helpPath(['payables', 'list', '--state', 'paid', '--help'])).toBeUndefined();
    expect(helpPath(['--help', 'payables'])).toBeUndefined();
    expect(helpPath(['payables', 'show', '01J9Z', '--help'])).toBeUndefined();
    expect(helpPath(['payables', 'list'])).toBeUndefined();
  });
});

describe('every help page in Portuguese (#66)', () => {
  test('no placeholder, default or English sentence left as the English page has it', async () => {
    const pages = async (t: Parameters<typeof buildProgram>[3]) =>
      readHelpBook(
        await buildProgram(
          io,
          () => undefined,
          () => undefined,
          t,
        ),
      );
    const [en, pt] = [await pages(english), await pages(await loadTranslator('pt-BR'))];
    // the words a placeholder keeps in both languages (a code's shape, a name the API gives)
    const same = new Set([
      'n',
      'reais',
      'forma',
      'formas',
      'principal',
      'mm/aaaa',
      'nnn',
      'slug',
      'shell',
      'id',
      'ids',
      'url',
      'cnpj',
      'cpf',
      'pix',
      'nsa',
      'ted',
      'ofx',
      'csv',
    ]);
    const left: string[] = [];
    for (const [path, page] of Object.entries(pt)) {
      const text = formatHelpPage(JSON.parse(JSON.stringify(page)), 100);
      const english = formatHelpPage(JSON.parse(JSON.stringify(en[path])), 100);
      const placeholders = (s: string) =>
        new Set([...s.matchAll(/[<[]([A-Za-z][^>\]\s]*)[>\]]/g)].map((m) => m[1]));
      for (const word of placeholders(text))
        if (placeholders(english).has(word) && !same.has(String(word).toLowerCase().replace(/\.+$/, '')))
          left.push(`${path}: <${word}>`);
      if (/\((default|choices): /.test(text)) left.push(`${path}: (default: …)`);
    }
    expect(left).toEqual([]);
  });
});
