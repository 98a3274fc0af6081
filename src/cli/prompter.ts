import { InterruptedError } from '../domain/errors.js';
import type { Message } from '../domain/message.js';
import type { Text } from '../domain/text.js';
import type { Translate } from './i18n.js';

/** Interactive questions, behind an interface so verbs can be driven without a terminal. */
export interface Prompter {
  text(
    message: Text,
    opts?: {
      default?: string;
      /** `true`, or why not: in both languages, a finding, or a refusal's own words (an error's message) */
      validate?: (v: string) => Text | Message | string | true;
      /** what the answer means, shown after it as it is typed (a date's `+5d` as the day it is) */
      means?: (v: string) => string | Text | undefined;
    },
  ): Promise<string>;
  secret(message: Text): Promise<string>;
  select<T extends string>(message: Text, choices: { name: string; value: T }[]): Promise<T>;
  confirm(message: Text, defaultValue?: boolean): Promise<boolean>;
}

/** A list longer than this is filtered by what is typed. */
const FILTERED_FROM = 7;

/**
 * @inquirer/prompts, imported only when a verb actually asks something; the questions, and what a check says
 * back, in the person's language.
 */
export async function inquirerPrompter(t: Translate): Promise<Prompter> {
  const prompts = await import('@inquirer/prompts');
  // a prompt closed (Ctrl-C, Ctrl-D, the terminal gone) is said as condo says an interruption, in the person's
  // language (#66: "error: User force closed the prompt with 0 null"), exit 130
  const closed =
    <A extends unknown[], R>(ask: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      ask(...args).catch((e: Error) => {
        if (e?.name !== 'ExitPromptError' && e?.name !== 'AbortPromptError') throw e;
        throw new InterruptedError({
          en: 'the question was closed before it was answered: nothing was done',
          pt: 'a pergunta foi fechada antes da resposta: nada foi feito',
        });
      });
  const input = closed(prompts.input);
  const password = closed(prompts.password);
  const select = closed(prompts.select) as typeof prompts.select;
  const search = closed(prompts.search) as typeof prompts.search;
  const confirm = closed(prompts.confirm);
  return {
    text: (message, opts) => {
      const validate = opts?.validate;
      const means = opts?.means;
      return input({
        message: t(message),
        ...(means
          ? {
              transformer: (v: string) => {
                const said = v.trim() ? means(v) : undefined;
                return said ? `${v}  (${t(said)})` : v;
              },
            }
          : {}),
        ...(opts?.default !== undefined ? { default: opts.default } : {}),
        ...(validate
          ? {
              validate: (v: string) => {
                const verdict = validate(v);
                return verdict === true ? true : t(verdict);
              },
            }
          : {}),
      });
    },
    secret: (message) => password({ message: t(message), mask: '*' }),
    // a long list (the chart of accounts, the suppliers) is filtered by what is typed (#66), accents and case
    // aside; a short one is chosen with the arrows
    select: (message, choices) => {
      // the keys' help in the reader's language (#53: "↑↓ navigate • ⏎ select" on a Portuguese screen)
      const theme = {
        style: {
          keysHelpTip: (keys: [string, string][]) =>
            keys.map(([key, action]) => `${key} ${t(KEY_ACTIONS[action] ?? action)}`).join(' • '),
        },
      };
      if (choices.length <= FILTERED_FROM) return select({ message: t(message), choices, theme });
      const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      return search({
        message: `${t(message)} ${t({ en: '(type to filter)', pt: '(digite para filtrar)' })}`,
        source: (term: string | undefined) =>
          choices.filter((c) => !term || plain(c.name).includes(plain(term.trim()))),
        theme,
      });
    },
    confirm: (message, defaultValue) =>
      t.lang === 'pt-BR'
        ? confirmInPortuguese(input, t(message), defaultValue ?? false)
        : confirm({ message: t(message), default: defaultValue ?? false }),
  };
}

/**
 * A yes-or-no question in Portuguese: inquirer's confirm knows only y and yes (a Portuguese "s" read as no, and the
 * answer echoed "No"), so it is asked as text, (s/N), and s, sim, n, não (and y, yes, no) are the answers.
 */
export function confirmInPortuguese(
  input: (config: {
    message: string;
    validate: (v: string) => string | true;
    transformer: (v: string, flags: { isFinal: boolean }) => string;
  }) => Promise<string>,
  message: string,
  defaultValue: boolean,
): Promise<boolean> {
  return input({
    message: `${message} ${defaultValue ? '(S/n)' : '(s/N)'}`,
    validate: (v) => (yesOrNo(v, defaultValue) === null ? 'responda s (sim) ou n (não)' : true),
    transformer: (v, { isFinal }) => (isFinal ? (yesOrNo(v, defaultValue) ? 'sim' : 'não') : v),
  }).then((v) => yesOrNo(v, defaultValue) ?? defaultValue);
}

/** An answer to a yes-or-no question in Portuguese (or English): true, false, or null when it is neither. */
export function yesOrNo(answer: string, defaultValue: boolean): boolean | null {
  const a = answer.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (a === '') return defaultValue;
  if (/^(s|sim|y|yes)$/.test(a)) return true;
  if (/^(n|nao|no)$/.test(a)) return false;
  return null;
}

/** What @inquirer's keys do, in both languages. */
const KEY_ACTIONS: Readonly<Record<string, Text>> = {
  navigate: { en: 'navigate', pt: 'navegar' },
  select: { en: 'select', pt: 'escolher' },
};
