/**
 * What every formats module throws when it is handed something it cannot write or read: one type, with the line
 * of the file (1-based) and the field when it knows them. Readers report a file's problems as values, each with
 * its line (see each reader's `errors`); this is for input that stops the work. It is a RangeError, as these
 * modules threw before.
 */
export class FormatError extends RangeError {
  readonly line: number | undefined;
  readonly field: string | undefined;

  constructor(message: string, where: { line?: number; field?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.line = where.line;
    this.field = where.field;
  }
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
