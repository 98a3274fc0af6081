import { describe, expect, test } from 'vitest';
import { ExitCode, exitCodeOf, outcomeOf } from '../../../src/cli/exit-codes.js';
import { errorClassForStatus } from '../../../src/domain/errors.js';

/** The client classifies failures by HTTP status; the CLI alone turns the class into docs/DESIGN.md's exit code. */
describe('exit codes', () => {
  test.each([
    [400, ExitCode.refused],
    [413, ExitCode.refused],
    [415, ExitCode.refused],
    [422, ExitCode.refused],
    [401, ExitCode.auth],
    [403, ExitCode.auth],
    [404, ExitCode.notFound],
    [409, ExitCode.conflict],
    [429, ExitCode.rateLimited],
    [502, ExitCode.unavailable],
    [503, ExitCode.unavailable],
    [504, ExitCode.unavailable],
    [500, ExitCode.failed],
    [418, ExitCode.failed],
  ])('HTTP %i -> exit %i', (status, code) => {
    const Cls = errorClassForStatus(status);
    expect(exitCodeOf(new Cls('x', { status }))).toBe(code);
  });

  test('what is not one of ours is exit 8, failed: 1 means done with something left for a person (#50)', () => {
    expect(exitCodeOf(new Error('boom'))).toBe(ExitCode.failed);
    expect(exitCodeOf('a string')).toBe(ExitCode.failed);
  });

  test('each code has one outcome word for --json', () => {
    const words = Object.values(ExitCode).map((code) => [code, outcomeOf(code)]);
    expect(Object.fromEntries(words)).toEqual({
      0: 'done',
      1: 'needs_person',
      2: 'refused',
      3: 'unauthorized',
      4: 'not_found',
      5: 'conflict',
      6: 'rate_limited',
      7: 'unavailable',
      8: 'failed',
      130: 'interrupted',
      143: 'interrupted',
    });
  });
});
