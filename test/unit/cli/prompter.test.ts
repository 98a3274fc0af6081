import { expect, test } from 'vitest';
import { yesOrNo } from '../../../src/cli/prompter.js';

test('a yes-or-no answer in Portuguese (and English), accents or not; empty is the default; the rest is asked again', () => {
  for (const yes of ['s', 'S', 'sim', 'Sim ', 'y', 'yes']) expect(yesOrNo(yes, false)).toBe(true);
  for (const no of ['n', 'não', 'NAO', 'no']) expect(yesOrNo(no, true)).toBe(false);
  expect(yesOrNo('', false)).toBe(false);
  expect(yesOrNo('  ', true)).toBe(true);
  expect(yesOrNo('talvez', false)).toBeNull();
  expect(yesOrNo('sn', false)).toBeNull();
});
