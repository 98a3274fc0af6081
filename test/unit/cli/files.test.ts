import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { progressBar, ROWS, safeFileName, writeAtomically } from '../../../src/cli/files.js';
import type { Io } from '../../../src/cli/io.js';
import { liveLineOn } from '../../../src/cli/live-line.js';
import { reportError } from '../../../src/cli/program.js';
import { ConflictError } from '../../../src/domain/errors.js';

describe("a download's server-chosen name", () => {
  test('keeps an ordinary name', () => {
    expect(safeFileName('CB241101.rem', 'x.rem')).toBe('CB241101.rem');
  });

  test('loses directories, leading dots, control and reserved characters', () => {
    expect(safeFileName('../../.bashrc', 'x.rem')).toBe('bashrc');
    expect(safeFileName('/etc/passwd', 'x.rem')).toBe('passwd');
    expect(safeFileName('..\\\\windows\\\\lote.rem', 'x.rem')).toBe('lote.rem');
    expect(safeFileName('lo\u001b[2Jte<1>.rem', 'x.rem')).toBe('lo[2Jte1.rem');
  });

  test('falls back when nothing is left', () => {
    expect(safeFileName('...', 'x.rem')).toBe('x.rem');
    expect(safeFileName(undefined, 'x.rem')).toBe('x.rem');
    expect(safeFileName('../', 'x.rem')).toBe('x.rem');
  });
});

describe('a file written where it cannot be', () => {
  const quiet = { update: () => undefined, done: () => undefined };
  const body = () => Readable.from([Buffer.from('x')]);

  test('a folder that does not exist is named as such, and nothing is left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'condo-files-'));
    try {
      const target = join(dir, 'banco', 'DDA.ret');
      const refused = writeAtomically(body(), target, quiet, false, undefined, '-O');
      await expect(refused).rejects.toMatchObject({
        text: {
          en: `-O: the folder ${join(dir, 'banco')} does not exist`,
          pt: `-O: a pasta ${join(dir, 'banco')} não existe`,
        },
      });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a file where a folder should be is named as such', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'condo-files-'));
    try {
      await writeFile(join(dir, 'banco'), '');
      await expect(
        writeAtomically(body(), join(dir, 'banco', 'DDA.ret'), quiet, false, undefined, '-O'),
      ).rejects.toMatchObject({ text: { en: `-O: ${join(dir, 'banco')} is not a folder` } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** An 80-column terminal's stderr (stdout the same), what is written to it kept as written. */
function terminal() {
  const drawn: string[] = [];
  const stderr = Object.assign(
    new Writable({
      write(chunk, _e, done) {
        drawn.push(String(chunk));
        done();
      },
    }),
    { isTTY: true, columns: 80 },
  );
  const io = { stdin: Readable.from([]), stdout: stderr, stderr, color: false, env: {} } as unknown as Io;
  return { drawn, stderr, io };
}

describe("a bulk run's progress bar on an 80-column terminal", () => {
  test('each drawing fits one line (a wrapped line is not redrawn in place); a note shows at its end', () => {
    const { drawn, stderr, io } = terminal();
    const label = '2027-01-residencial-jardim-botanico-ca1af7db.plan.json';
    const bar = progressBar(io, label, undefined, false, ROWS);
    bar.update(1, 60);
    liveLineOn(stderr)?.note('limite de requisições: 1 s');
    bar.update(60, 60);
    const lines = drawn
      .join('')
      .split('\r')
      .map((l) => l.replace(/\x1b\[K/g, ''));
    for (const l of lines) expect(l.replace(/\n$/, '').length, l).toBeLessThan(80);
    expect(lines.some((l) => l.endsWith(' · limite de requisições: 1 s') && l.includes('1/60'))).toBe(true);
    expect(lines.some((l) => l.startsWith('…') && l.includes('ca1af7db.plan.json ['))).toBe(true);
    // a message written while it is live clears its line first; once done, nothing is live
    liveLineOn(stderr)?.clear();
    expect(drawn.at(-1)).toBe('\r\x1b[K');
    bar.done();
    expect(liveLineOn(stderr)).toBeUndefined();
  });

  test("an error while it is live (an upload the server refused) is written on the bar's line, cleared first, and the bar stops", () => {
    const { drawn, stderr, io } = terminal();
    const bar = progressBar(io, 'extrato.ofx', 1024, false);
    bar.update(1024);
    const code = reportError(
      io,
      new ConflictError({ en: 'the statement is not of bank account 1', pt: 'x' }),
    );
    expect(code).toBe(ExitCode.conflict);
    const after = drawn.join('').slice(drawn.join('').lastIndexOf('100%'));
    expect(after).toMatch(/^100% [^\n]*\r\x1b\[Kerror: the statement is not of bank account 1/);
    // what its stream counts after the error (a body still being read) draws nothing below it
    const written = drawn.length;
    bar.update(1024);
    expect(drawn.length).toBe(written);
    expect(liveLineOn(stderr)).toBeUndefined();
  });
});
