/**
 * A text known by its code and the values it names (#54): what a file reader found, what a rule refused. Its words
 * live in a catalog, one entry a code with its English and its Portuguese, each a function of the same values, so
 * the type checker wants both languages and the values they use. The English is kept beside the code as
 * `message`: what a log, a script and a reader that knows no catalog read.
 */

import { oneLine } from './text.js';

/** The values a message names; a value may be another message (a summary of repeats names the finding). */
export type Params = Readonly<Record<string, string | number | Message>>;

export interface Message {
  readonly code: string;
  readonly params: Params;
  /** the English, as the catalog words it */
  readonly message: string;
}

/** Says a message named among the values, in the language being written. */
export type Say = (message: Message) => string;

/** One code's words in each language, from the same values. */
export interface Said<P extends Params> {
  readonly en: (p: P, say: Say) => string;
  readonly pt: (p: P, say: Say) => string;
}

/** A catalog entry; the Portuguese takes the values the English declares. */
export function said<P extends Params = Record<never, never>>(
  en: (p: P, say: Say) => string,
  pt: (p: P, say: Say) => string,
): Said<P> {
  return { en, pt };
}

export type Catalog = Readonly<Record<string, Said<never>>>;

/** The values a catalog entry takes. */
export type ParamsOf<S> = S extends Said<infer P> ? P : never;

/** A message of `catalog`: its code, its values, and its English. */
export function messageOf<C extends Catalog, K extends keyof C & string>(
  catalog: C,
  code: K,
  params: ParamsOf<C[K]>,
): Message {
  const entry = catalog[code] as unknown as Said<Params>;
  return { code, params, message: entry.en(params, (m) => m.message) };
}

/** Whether a value is a message (a reader's finding), not a plain text. */
export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && 'code' in value && 'params' in value && 'message' in value;

/** A message in Portuguese by its catalog; undefined where the catalog has no such code. */
export function inPortuguese(catalog: Catalog, message: Message, say: Say): string | undefined {
  const entry = catalog[message.code] as unknown as Said<Params> | undefined;
  return entry?.pt(message.params, say);
}

/** What a reader reports at a line: its English, with the finding by its code where the reader made one. */
export type Finding = string | Message | { readonly message: string; readonly finding?: Message | undefined };

/** The finding to say: by its code where there is one, else the English text as it was made. */
export const findingOf = (f: Finding): Message | string =>
  typeof f === 'string' || isMessage(f) ? f : (f.finding ?? f.message);

/** A problem with its finding beside it, not enumerable: the JSON of a file or a lint keeps what it had. */
export function withFinding<T extends object>(
  problem: T,
  finding: Message,
): T & { readonly finding: Message } {
  return Object.defineProperty(problem, 'finding', { value: finding, enumerable: false }) as T & {
    readonly finding: Message;
  };
}

/** A finding's message, and each value it quotes from the file, on one line of a log (text.ts oneLine). */
export function oneLineMessage(finding: Message): Message {
  const message = oneLine(finding.message);
  if (message === finding.message) return finding;
  const params = Object.fromEntries(
    Object.entries(finding.params).map(([k, v]) => [k, typeof v === 'string' ? oneLine(v) : v]),
  );
  return { code: finding.code, params, message };
}
