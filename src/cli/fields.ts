import type { Command } from 'commander';
import type { FieldFlag, FieldFlags } from '../domain/body-fields.js';
import { centsToDecimal } from '../domain/money.js';
import type { Deps } from './context.js';
import { dateFlag, enumFlag, intFlag, reaisFlag } from './flags.js';
import type { Translate } from './i18n.js';
import type { Prompter } from './prompter.js';

/**
 * Body fields as flags, from their one declaration (domain/body-fields.ts): the options, the flags-to-body
 * conversion, the flag a message names, and the prompts for what is missing.
 */

/** commander's name for `--chart-account`: chartAccount. */
const attribute = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const PLACEHOLDER = {
  cents: 'reais',
  reais: 'reais',
  date: 'date',
  integer: 'id',
  enum: 'value',
  text: 'text',
};
const placeholder = (f: FieldFlag) => f.arg ?? PLACEHOLDER[f.kind];

/** One option per field, in declaration order, its help in the person's language. */
export function addFieldOptions(cmd: Command, fields: FieldFlags, t: Translate): Command {
  for (const f of Object.values(fields)) {
    const help = t(f.help);
    cmd.option(
      `--${f.flag} <${placeholder(f)}>`,
      f.kind === 'enum' && f.values ? `${help}: ${f.values.join(', ')}` : help,
    );
  }
  return cmd;
}

/** One flag's text as the body's value, or a usage error naming the flag. */
export function fieldValue(f: FieldFlag, text: string, today: string): unknown {
  const flag = `--${f.flag}`;
  switch (f.kind) {
    case 'cents':
      return reaisFlag(flag, text);
    case 'reais':
      return centsToDecimal(reaisFlag(flag, text));
    case 'date':
      return dateFlag(flag, text, today, f.upcoming ? 'next' : 'this-year');
    case 'enum':
      return enumFlag(flag, text, f.values ?? []);
    case 'integer':
      return intFlag(flag, text);
    case 'text':
      return text;
  }
}

/** The body the given flags make: every value checked and converted before anything is sent. */
export function bodyFromFlags(
  fields: FieldFlags,
  flags: Readonly<Record<string, unknown>>,
  today: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, f] of Object.entries(fields)) {
    const text = flags[attribute(f.flag)];
    if (typeof text === 'string') body[field] = fieldValue(f, text, today);
  }
  return body;
}

/** The flag that sets an API field (`chart_of_accounts_id` -> `--chart-account`), for messages. */
export const flagOf =
  (fields: FieldFlags) =>
  (field: string): string => {
    const f = fields[field];
    return f ? `--${f.flag}` : field;
  };

/** Asks a field when the generic question will not do (a list to pick from); it sets what it learns on the body. */
export type Picker = (body: Record<string, unknown>, ask: Prompter) => Promise<void>;

/**
 * On a terminal, asks for each missing field that has a prompt label, in declaration order; a picker replaces the
 * question for its field. Without a terminal it does nothing: the schema then names the missing flag.
 */
export async function promptMissing(
  deps: Deps,
  fields: FieldFlags,
  body: Record<string, unknown>,
  pickers: Readonly<Record<string, Picker>> = {},
): Promise<void> {
  const ask = await deps.prompter();
  if (!ask) return;
  const today = deps.today();
  const accepts = (f: FieldFlag) => (v: string) => {
    try {
      fieldValue(f, v, today);
      return f.kind === 'text' && !v.trim() ? 'required' : true;
    } catch (e) {
      return (e as Error).message;
    }
  };
  for (const [field, f] of Object.entries(fields)) {
    if (!f.prompt || body[field] !== undefined) continue;
    const pick = pickers[field];
    if (pick) await pick(body, ask);
    else if (f.kind === 'enum')
      body[field] = await ask.select(
        f.prompt,
        (f.values ?? []).map((v) => ({ name: v, value: v })),
      );
    else {
      const text = await ask.text(f.prompt, {
        ...(f.kind === 'date' ? { default: today } : {}),
        validate: accepts(f),
      });
      body[field] = fieldValue(f, text, today);
    }
  }
}

/**
 * A field's problem after its name: `--account must be …` reads as a sentence; a message that is a sentence of
 * its own gets a colon (`--amount: the boleto is for R$ 456,78 …`).
 */
export function namedProblem(name: string, messages: readonly string[]): string {
  const text = messages.join('; ');
  return /^(is|must|cannot|can't|has|have|should|does|was|are|needs)\b/.test(text)
    ? `${name} ${text}`
    : `${name}: ${text}`;
}
