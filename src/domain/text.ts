/**
 * A text a person reads, in each language condo speaks. Its id is where it is declared (a verb's path and flag, a
 * body field), so rewording the English cannot lose the Portuguese beside it, and the type checker wants both.
 * The CLI's Translate (cli/i18n.ts) picks the person's language.
 */
export interface Text {
  readonly en: string;
  readonly pt: string;
}

/** Upper case without accents or punctuation at the ends, spaces collapsed, "S A L D O" read as SALDO. */
export function normalizedLineText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.:*-]+|[\s.:*-]+$/g, '')
    .replace(/^S A L D O\b/, 'SALDO');
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0' };

/**
 * A message on one line whatever the file held: the control characters a quoted value may carry (a line break
 * inside an OFX date, a CR in a pasted PIX code) written as escapes, so a reported problem stays one line of a
 * log and cannot forge another.
 */
export function oneLine(message: string): string {
  return message.replace(
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
