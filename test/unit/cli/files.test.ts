import { describe, expect, test } from 'vitest';
import { safeFileName } from '../../../src/cli/files.js';

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
