import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { safeFileName, writeAtomically } from '../../../src/cli/files.js';

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
