import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadTranslator } from '../../../src/cli/i18n.js';
import { PT } from '../../../src/cli/i18n-pt.js';
import { SAME_IN_PORTUGUESE as SAME_WORDS } from '../../../src/cli/output.js';

const CLI = join(import.meta.dirname, '..', '..', '..', 'src', 'cli');

/** Headings that are the same words in Portuguese (the bank's and the API's own terms): output.ts's list. */
const SAME_IN_PORTUGUESE = new Set<string>(SAME_WORDS);
/** A record's own keys (`auth status`), shown as --json names them. */
const RECORD_KEY = /^[a-z]+(_[a-z]+)*$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every message written whole in the CLI's code: errors thrown with a literal text, and table headings. */
interface Written {
  kind: 'error' | 'heading';
  where: string;
  text: string;
  /** its Portuguese, where it is written in both languages */
  pt?: string;
}

function literalMessages(): Written[] {
  const found: Written[] = [];
  for (const file of sources(CLI)) {
    if (file.endsWith('i18n-pt.ts')) continue;
    const code = readFileSync(file, 'utf8');
    const where = relative(CLI, file);
    const unquote = (s: string) => s.slice(1, -1).replace(/\\(['"])/g, '$1');
    const quoted = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
    for (const m of code.matchAll(new RegExp(String.raw`new [A-Z]\w*Error\(\s*${quoted}`, 'g')))
      found.push({ kind: 'error', where, text: unquote(m[1] as string) });
    // written in both languages: its Portuguese must be there and be Portuguese
    const both = String.raw`new [A-Z]\w*Error\(\s*\{\s*en: ${quoted},\s*pt: ${quoted}`;
    for (const m of code.matchAll(new RegExp(both, 'g')))
      found.push({ kind: 'error', where, text: unquote(m[1] as string), pt: unquote(m[2] as string) });
    for (const m of code.matchAll(new RegExp(String.raw`\bheader: ${quoted}`, 'g')))
      found.push({ kind: 'heading', where, text: unquote(m[1] as string) });
    // a heading written in both languages where it is declared (#72): its Portuguese must be there
    const heading = String.raw`\bheader: \{\s*en: ${quoted},\s*pt: ${quoted}`;
    for (const m of code.matchAll(new RegExp(heading, 'g')))
      found.push({ kind: 'heading', where, text: unquote(m[1] as string), pt: unquote(m[2] as string) });
  }
  return found;
}

describe('messages in Portuguese', () => {
  test('every error written whole and every table heading has its Portuguese', async () => {
    const t = await loadTranslator('pt-BR');
    const messages = literalMessages();
    expect(messages.length).toBeGreaterThan(250);
    const untranslated = messages
      .filter(({ text }) => !SAME_IN_PORTUGUESE.has(text) && !RECORD_KEY.test(text))
      // said the same in Portuguese (ID, NSA) where the table says so; else translated by a rule
      .filter(({ text, pt }) =>
        pt === undefined ? PT[text] === undefined && t(text) === text : !pt || pt === text,
      )
      .map(({ where, text }) => `${where}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  test('an error written whole is written in both languages where it is thrown, not keyed by its English', () => {
    // headings are the shared vocabulary (i18n-pt.ts); an error thrown with a literal English text is not
    const errors = literalMessages().filter(({ kind }) => kind === 'error');
    expect(errors.filter(({ pt }) => pt !== undefined).length).toBeGreaterThanOrEqual(29);
    const plain = errors.filter(({ pt }) => pt === undefined);
    expect(plain.map((m) => `${m.where}: ${m.text}`)).toEqual([]);
  });

  test('the dictionary keyed by English keeps only what condo does not write (#72): 80 entries or fewer', () => {
    expect(Object.keys(PT).length).toBeLessThanOrEqual(80);
  });
});
