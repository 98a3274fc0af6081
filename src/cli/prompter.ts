import type { Text } from '../domain/text.js';
import type { Translate } from './i18n.js';

/** Interactive questions, behind an interface so verbs can be driven without a terminal. */
export interface Prompter {
  text(
    message: string | Text,
    opts?: { default?: string; validate?: (v: string) => string | true },
  ): Promise<string>;
  secret(message: string | Text): Promise<string>;
  select<T extends string>(message: string | Text, choices: { name: string; value: T }[]): Promise<T>;
  confirm(message: string | Text, defaultValue?: boolean): Promise<boolean>;
}

/**
 * @inquirer/prompts, imported only when a verb actually asks something; the questions, and what a check says
 * back, in the person's language.
 */
export async function inquirerPrompter(t: Translate): Promise<Prompter> {
  const { input, password, select, confirm } = await import('@inquirer/prompts');
  return {
    text: (message, opts) => {
      const validate = opts?.validate;
      return input({
        message: t(message),
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
    select: (message, choices) => select({ message: t(message), choices }),
    confirm: (message, defaultValue) => confirm({ message: t(message), default: defaultValue ?? false }),
  };
}
