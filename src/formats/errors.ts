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
