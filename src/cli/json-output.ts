/**
 * The API's data as JSON for a person (indented) or a pipe (one line), `--json a,b` keeping those fields; a list
 * too long to hold written around its elements; and the batched writes the tsv, csv and JSON rows share.
 */
import { UsageError } from '../domain/errors.js';
import { type Io, writeLine } from './io.js';

/** What JSON output reads of a verb's Out (output.ts): where, and the fields `--json a,b` keeps. */
interface JsonOut {
  io: Io;
  jsonFields?: readonly string[] | undefined;
}

function pick(record: unknown, fields: readonly string[]): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const source = record as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, source[f] ?? null]));
}

/** Keeps the named fields of a record, or of each record of a list; a field no record has is a usage error. */
export function selectFields(data: unknown, fields: readonly string[]): unknown {
  const records = (Array.isArray(data) ? data : [data]).filter(
    (r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r),
  );
  if (records.length > 0) {
    const known = new Set(records.flatMap((r) => Object.keys(r)));
    const unknown = fields.filter((f) => !known.has(f));
    if (unknown.length > 0)
      throw new UsageError({
        en: `--json: unknown field ${unknown.map((f) => `"${f}"`).join(', ')}; available: ${[...known].join(', ')}`,
        pt: `--json: campo desconhecido ${unknown.map((f) => `"${f}"`).join(', ')}; existem: ${[...known].join(', ')}`,
      });
  }
  return Array.isArray(data) ? data.map((r) => pick(r, fields)) : pick(data, fields);
}

/** The API's data; indented for a person, one compact line (JSONL) for a pipe or a log. */
export function printJson(out: JsonOut, data: unknown): void {
  const selected = out.jsonFields ? selectFields(data, out.jsonFields) : data;
  writeLine(
    out.io.stdout,
    out.io.stdout.isTTY ? JSON.stringify(selected, null, 2) : JSON.stringify(selected),
  );
}

/**
 * A JSON document one of whose fields is a list too long to hold (a CNAB file's million items): its elements are
 * written as they are read, by `jsonElements`, to a place set aside (cli/files.ts), and `printJsonAround` writes
 * the document around them at the end, exactly as printJson would have written it whole.
 */
export function jsonElements(out: Pick<JsonOut, 'io'>, target: Pick<Io['stdout'], 'write'>) {
  const pretty = Boolean(out.io.stdout.isTTY);
  const pieces = batchedWrites(target);
  let count = 0;
  return {
    write(value: unknown): void {
      // an element of a list that is itself a field: two levels in, as JSON.stringify(whole, null, 2) puts it
      const text = pretty
        ? `    ${JSON.stringify(value, null, 2).replaceAll('\n', '\n    ')}`
        : JSON.stringify(value);
      pieces.write(count++ === 0 ? text : pretty ? `,\n${text}` : `,${text}`);
    },
    end(): number {
      pieces.end();
      return count;
    },
  };
}

/** Stands for the streamed list in the document until it is written. */
const STREAMED_LIST = '\u0000streamed list\u0000';

export async function printJsonAround(
  out: JsonOut,
  data: Record<string, unknown>,
  field: string,
  elements: { count: number; sendTo(target: Io['stdout']): Promise<void> },
): Promise<void> {
  // in the field's own place among the others
  const whole = { ...data, [field]: STREAMED_LIST };
  const selected = out.jsonFields ? selectFields(whole, out.jsonFields) : whole;
  const pretty = Boolean(out.io.stdout.isTTY);
  const text = pretty ? JSON.stringify(selected, null, 2) : JSON.stringify(selected);
  const marker = `${JSON.stringify(field)}:${pretty ? ' ' : ''}${JSON.stringify(STREAMED_LIST)}`;
  const at = text.indexOf(marker);
  if (at === -1) {
    writeLine(out.io.stdout, text);
    return;
  }
  const open = `${JSON.stringify(field)}:${pretty ? ' ' : ''}[`;
  if (elements.count === 0) {
    writeLine(out.io.stdout, `${text.slice(0, at)}${open}]${text.slice(at + marker.length)}`);
    return;
  }
  out.io.stdout.write(`${text.slice(0, at)}${open}${pretty ? '\n' : ''}`);
  await elements.sendTo(out.io.stdout);
  writeLine(out.io.stdout, `${pretty ? '\n  ' : ''}]${text.slice(at + marker.length)}`);
}

/**
 * Text written to a stream in pieces of about 64 KB, not one write per row (one write a row was most of the time a
 * big output took). `end()` writes what is left.
 */
export function batchedWrites(stream: Pick<Io['stdout'], 'write'>): {
  write(text: string): void;
  end(): void;
} {
  let pending = '';
  return {
    write(text) {
      pending += text;
      if (pending.length >= 65_536) {
        stream.write(pending);
        pending = '';
      }
    },
    end() {
      if (pending) stream.write(pending);
      pending = '';
    },
  };
}

/**
 * JSON rows written as one array on one line, a page at a time, with `--json FIELD,…` applied to each row: the
 * bytes `printJson` writes for the whole list into a pipe, without holding it. A read that stops half-way
 * leaves the array unclosed, so no parser takes it for the whole list.
 */
export function jsonArrayRows(out: JsonOut): {
  write(row: unknown): void;
  end(): void;
} {
  const lines = batchedWrites(out.io.stdout);
  let first = true;
  return {
    write(row) {
      const shown = out.jsonFields ? selectFields(row, out.jsonFields) : row;
      lines.write(`${first ? '[' : ','}${JSON.stringify(shown)}`);
      first = false;
    },
    end() {
      lines.write(first ? '[]\n' : ']\n');
      lines.end();
    },
  };
}
