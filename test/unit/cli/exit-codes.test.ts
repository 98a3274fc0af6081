import { describe, expect, test } from 'vitest';
import { ExitCode, exitCodeOf } from '../../../src/cli/exit-codes.js';
import { errorClassForStatus } from '../../../src/domain/errors.js';

/** The client classifies failures by HTTP status; the CLI alone turns the class into docs/DESIGN.md's exit code. */
describe('exit codes', () => {
  test.each([
    [400, ExitCode.usage],
    [413, ExitCode.usage],
    [415, ExitCode.usage],
    [422, ExitCode.usage],
    [401, ExitCode.auth],
    [403, ExitCode.auth],
    [404, ExitCode.notFound],
    [409, ExitCode.conflict],
    [429, ExitCode.rateLimited],
    [502, ExitCode.unavailable],
    [503, ExitCode.unavailable],
    [504, ExitCode.unavailable],
    [500, ExitCode.error],
    [418, ExitCode.error],
  ])('HTTP %i -> exit %i', (status, code) => {
    const Cls = errorClassForStatus(status);
    expect(exitCodeOf(new Cls('x', { status }))).toBe(code);
  });

  test('what is not one of ours is exit 1', () => {
    expect(exitCodeOf(new Error('boom'))).toBe(ExitCode.error);
    expect(exitCodeOf('a string')).toBe(ExitCode.error);
  });
});
