import type { TObject } from '@sinclair/typebox';
import type { Command } from 'commander';
import { nonBusinessDay } from '../domain/business-days.js';
import { formatDateBr } from '../domain/dates.js';
import type { CondoError } from '../domain/errors.js';
import { centsToDecimal } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import { type FieldFlag, type FieldFlags, offered } from './body-fields.js';
import type { Deps } from './context.js';
import { dateFlag, enumFlag, intFlag, reaisFlag } from './flags.js';
import type { Translate } from './i18n.js';
import type { Prompter } from './prompter.js';

/** What a question's check says of an empty answer (here, not in prompter.ts: that module loads with the prompts). */
export const REQUIRED: Text = { en: 'required', pt: 'obrigatório' };

/**
 * Body fields as flags, from their one declaration (cli/body-fields.ts): the options, the flags-to-body
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
  for (const [, f] of offered(fields)) {
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
  for (const [field, f] of offered(fields)) {
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
 * question for its field. Without a terminal it does nothing: the schema then names the missing flag. True when it
 * asked something.
 */
export async function promptMissing(
  deps: Deps,
  fields: FieldFlags,
  body: Record<string, unknown>,
  pickers: Readonly<Record<string, Picker>> = {},
  /** the body's schema: an answer is checked against its field's rules where it is typed (#66) */
  schema?: TObject,
): Promise<boolean> {
  const prompter = await deps.prompter();
  if (!prompter) return false;
  // asked: whether a question was put (a picker may see there is nothing to ask: a payee given, no supplier)
  let asked = false;
  const put =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    (...args: A) => {
      asked = true;
      return f(...args);
    };
  const ask: Prompter = {
    text: put(prompter.text),
    secret: put(prompter.secret),
    select: put(prompter.select) as Prompter['select'],
    confirm: put(prompter.confirm),
  };
  const today = deps.today();
  const { validateBody } = await import('../domain/request-bodies.js');
  // checked where it is typed, in the person's language, and asked again (#66: "-50,00" was taken, three more
  // questions asked, then every answer lost to "--amount must be at least 1"; a date's refusal was English)
  const accepts = (field: string, f: FieldFlag) => (v: string) => {
    try {
      const value = fieldValue(f, v, today);
      if (f.kind === 'text' && !v.trim()) return REQUIRED;
      const checked = schema ? validateBody(schema, { ...body, [field]: value }) : undefined;
      const problems = checked && !checked.ok ? checked.said[field] : undefined;
      return problems ? fieldProblems({ [field]: problems }, () => `--${f.flag}`) : true;
    } catch (e) {
      const error = e as CondoError;
      return error.finding ?? error.text ?? error.message;
    }
  };
  for (const [field, f] of offered(fields)) {
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
        // the day as a Brazilian writes it (#66: the default read 2026-12-01), and the day `+5d` means, said
        // with a warning when the bank does not open on it
        ...(f.kind === 'date'
          ? { default: formatDateBr(today), means: (v: string) => dateMeant(v, today) }
          : {}),
        validate: accepts(field, f),
      });
      body[field] = fieldValue(f, text, today);
    }
  }
  return asked;
}

/**
 * Each field's problems after its name, in both languages (#66): `--amount must be at least R$ 0,01`, `--amount deve
 * ser no mínimo R$ 0,01`; the Portuguese joins its name as the English does (a space, or a colon before a sentence).
 */
export function fieldProblems(said: Record<string, Text[]>, where: (field: string) => string): Text {
  const each = Object.entries(said).map(([field, texts]) => {
    const name = where(field);
    const en = namedProblem(
      name,
      texts.map((x) => x.en),
    );
    const joined = en.startsWith(`${name}: `) ? ': ' : ' ';
    return { en, pt: `${name}${joined}${texts.map((x) => x.pt).join('; ')}` };
  });
  return { en: each.map((x) => x.en).join(', '), pt: each.map((x) => x.pt).join(', ') };
}

/** The day a typed date means, where it is not written out (`+5d`, `hoje`), and whether the bank opens on it. */
function dateMeant(typed: string, today: string): Text | undefined {
  let date: string;
  try {
    date = dateFlag('--due', typed, today);
  } catch {
    return undefined;
  }
  const shown = formatDateBr(date);
  const closed = nonBusinessDay(date);
  const written = typed.trim() === shown;
  if (!closed) return written ? undefined : { en: shown, pt: shown };
  const why =
    'weekend' in closed
      ? closed.weekend === 'Saturday'
        ? { en: 'a Saturday', pt: 'um sábado' }
        : { en: 'a Sunday', pt: 'um domingo' }
      : { en: `a bank holiday, ${closed.holiday}`, pt: `feriado bancário, ${closed.holiday}` };
  return {
    en: `${written ? '' : `${shown}, `}${why.en}: not a business day`,
    pt: `${written ? '' : `${shown}, `}${why.pt}: não é dia útil`,
  };
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
