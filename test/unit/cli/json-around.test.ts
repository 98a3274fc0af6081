import { expect, test } from 'vitest';
import type { Io } from '../../../src/cli/io.js';
import { jsonElements, printJson, printJsonAround } from '../../../src/cli/output.js';

/** #32 point 1: a document whose list was written aside reads exactly as the one printJson writes whole. */

function sink(isTTY: boolean) {
  let text = '';
  const stdout = {
    isTTY,
    write(chunk: string | Uint8Array) {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      return true;
    },
  };
  return { io: { stdout, stderr: stdout, env: {}, color: false } as unknown as Io, text: () => text };
}

async function around(isTTY: boolean, data: Record<string, unknown>, list: unknown[], fields?: string[]) {
  const out = sink(isTTY);
  let aside = '';
  const elements = jsonElements(out, {
    write: (s: string) => {
      aside += s;
      return true;
    },
  });
  for (const x of list) elements.write(x);
  const count = elements.end();
  await printJsonAround({ io: out.io, ...(fields ? { jsonFields: fields } : {}) }, data, 'items', {
    count,
    sendTo: async (target) => {
      target.write(aside);
    },
  });
  return out.text();
}

function whole(isTTY: boolean, data: unknown, fields?: string[]) {
  const out = sink(isTTY);
  printJson({ io: out.io, ...(fields ? { jsonFields: fields } : {}) }, data);
  return out.text();
}

const items = [
  { line: 3, occurrences: [], bank: { code: '341', agency: '0350' }, name: 'José "Zé" \u0000' },
  { line: 5, occurrences: [{ code: '00', message: 'ok' }], bank: null, name: 'Ana' },
];
const data = { bank_code: '341', batches: [{ number: 1 }], items: [], warnings: [], errors: [] };

test.each([true, false])(
  'isTTY %s: the same bytes as the whole document, with no items, some, and fields chosen',
  async (tty) => {
    expect(await around(tty, data, items)).toBe(whole(tty, { ...data, items }));
    expect(await around(tty, data, [])).toBe(whole(tty, data));
    expect(await around(tty, data, items, ['items', 'bank_code'])).toBe(
      whole(tty, { ...data, items }, ['items', 'bank_code']),
    );
    expect(await around(tty, data, items, ['errors'])).toBe(whole(tty, data, ['errors']));
  },
);
