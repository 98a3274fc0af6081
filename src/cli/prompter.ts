/** Interactive questions, behind an interface so verbs can be driven without a terminal. */
export interface Prompter {
  text(
    message: string,
    opts?: { default?: string; validate?: (v: string) => string | true },
  ): Promise<string>;
  secret(message: string): Promise<string>;
  select<T extends string>(message: string, choices: { name: string; value: T }[]): Promise<T>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
}

/** @inquirer/prompts, imported only when a verb actually asks something. */
export async function inquirerPrompter(): Promise<Prompter> {
  const { input, password, select, confirm } = await import('@inquirer/prompts');
  return {
    text: (message, opts) =>
      input({
        message,
        ...(opts?.default !== undefined ? { default: opts.default } : {}),
        ...(opts?.validate ? { validate: opts.validate } : {}),
      }),
    secret: (message) => password({ message, mask: '*' }),
    select: (message, choices) => select({ message, choices }),
    confirm: (message, defaultValue) => confirm({ message, default: defaultValue ?? false }),
  };
}
