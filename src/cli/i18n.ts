/**
 * The language of the screens a person reads: `--lang pt-BR|en`, else CONDO_LANG, LC_ALL, LC_MESSAGES or LANG
 * (`pt_BR.UTF-8` and any `pt…` mean Portuguese), else the operating system's locale (Windows sets none of them). Tables' headers and labels, states and other enum words, fixed
 * messages and help text are translated; machine output (tsv, csv, JSON, exit codes) is the same in both, so a
 * script reads one thing whatever the locale of the machine it runs on.
 *
 * English is the source: a text without a translation shows in English rather than not at all.
 */
import { UsageError } from '../domain/errors.js';
import { type Finding, findingOf, inPortuguese, isMessage, type Message } from '../domain/message.js';
import type { Text } from '../domain/text.js';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];

/**
 * The operating system's locale, where the environment names none: Windows sets no LANG or LC_*, and Node's Intl
 * reads the user's locale from the system there (`pt-BR` for a Brazilian Windows).
 */
export function systemLocale(): string {
  // asked once a process: building the formatter that answers costs about a millisecond
  if (knownSystemLocale === undefined) {
    try {
      knownSystemLocale = Intl.DateTimeFormat().resolvedOptions().locale;
    } catch {
      knownSystemLocale = '';
    }
  }
  return knownSystemLocale;
}

let knownSystemLocale: string | undefined;

export function resolveLang(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  osLocale: () => string = systemLocale,
): Lang {
  if (flag !== undefined) {
    const wanted = LANGUAGES.find((l) => l.toLowerCase() === flag.trim().toLowerCase().replace('_', '-'));
    if (wanted) return wanted;
    if (/^pt\b/i.test(flag)) return 'pt-BR';
    if (/^en\b/i.test(flag)) return 'en';
    throw new UsageError({
      en: `--lang: "${flag}" is not one of ${LANGUAGES.join(', ')}`,
      pt: `--lang: "${flag}" não é um de ${LANGUAGES.join(', ')}`,
    });
  }
  const locale = env.CONDO_LANG || env.LC_ALL || env.LC_MESSAGES || env.LANG || osLocale();
  return /^pt([_-]|$)/i.test(locale) ? 'pt-BR' : 'en';
}

/** `--lang` as the raw argument list carries it, before commander has parsed anything (help is built first). */
export function langArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    if (a === '--lang') return argv[i + 1];
    if (a.startsWith('--lang=')) return a.slice('--lang='.length);
  }
  return undefined;
}

/** Turns an English text into the person's language, which it names. */
/**
 * A text in the person's language: one written in both (a Text, where it is declared or thrown) is picked, an
 * English one is looked up in i18n-pt.ts.
 */
export interface Translate {
  (text: string | Text | Message): string;
  readonly lang: Lang;
}

export const english: Translate = Object.assign(
  (text: string | Text | Message) =>
    typeof text === 'string' ? text : isMessage(text) ? text.message : text.en,
  {
    lang: 'en' as const,
  },
);

/**
 * The translation for `lang`. The Portuguese texts load only when asked for: English is the source, and a run in
 * English pays nothing for them.
 */
export async function loadTranslator(lang: Lang): Promise<Translate> {
  if (lang === 'en') return english;
  const { PT, PT_CATALOGS, PT_PHRASES } = await import('./i18n-pt.js');
  const say = (text: string): string => {
    const exact = PT[text];
    if (exact !== undefined) return exact;
    // a text condo did not compose (commander's, a server's field refusal): its fixed phrases, wherever they are
    return PT_PHRASES.reduce((out, [phrase, replacement]) => out.replace(phrase, replacement), text);
  };
  // a finding by its code, from its catalog; one no catalog knows is said by its English
  const sayMessage = (message: Message): string => {
    for (const catalog of PT_CATALOGS) {
      const said = inPortuguese(catalog, message, sayMessage);
      if (said !== undefined) return said;
    }
    return say(message.message);
  };
  return Object.assign(
    (text: string | Text | Message) => {
      if (typeof text === 'string') return say(text);
      return isMessage(text) ? sayMessage(text) : text.pt;
    },
    { lang },
  );
}

/**
 * A file reader's finding at its line, in the person's language: the readers (formats/) speak English, and the
 * Portuguese rules (i18n-pt.ts) say their findings.
 */
export function atLine(t: Translate, line: number | undefined, finding: Finding): string {
  const said = findingOf(finding);
  return t({ en: `line ${line}: ${english(said)}`, pt: `linha ${line}: ${t(said)}` });
}

/** A finding after a fixed prefix (a payable's id, a file's path), in both languages: `prefix` + the finding. */
export function prefixed(t: Translate, prefix: string, finding: Finding): Text {
  const said = findingOf(finding);
  return { en: `${prefix}${english(said)}`, pt: `${prefix}${t(said)}` };
}

/** A reader's finding at its line in both languages, for the application layer to put in what it refuses. */
export function findingSayer(t: Translate): (line: number | undefined, finding: Finding) => Text {
  return (line, finding) => ({ en: atLine(english, line, finding), pt: atLine(t, line, finding) });
}

/** What follows an error's message in its line: the API's code and the request id to quote to support. */
export function errorTail(
  t: Translate,
  error: { code?: string | undefined; requestId?: string | undefined },
): string {
  const id = error.requestId
    ? t({ en: `request id ${error.requestId}`, pt: `id da requisição ${error.requestId}` })
    : '';
  const extras = [error.code, id].filter(Boolean);
  return extras.length > 0 ? ` (${extras.join(', ')})` : '';
}
