import { describe, expect, test } from 'vitest';
import { serverFate } from '../../../src/cli/profiles.js';
import { ApiError, AuthError, UnavailableError } from '../../../src/domain/errors.js';

describe('a firm-wide run remembers a server it could not reach', () => {
  test('after a profile ended unreachable, the next profiles on that server are not asked', () => {
    const fate = serverFate();
    const down = new UnavailableError('cannot reach http://api.example.com: connect ECONNREFUSED');
    fate.note('http://api.example.com/', down);
    expect(fate.downOf('http://api.example.com')).toBe(down);
    expect(fate.downOf('http://other.example.com')).toBeUndefined();
  });

  test("one profile's own failure (credentials, a 500) says nothing about the server", () => {
    const fate = serverFate();
    fate.note('http://api.example.com', new AuthError('invalid client'));
    fate.note('http://api.example.com', new ApiError('internal error'));
    expect(fate.downOf('http://api.example.com')).toBeUndefined();
  });
});
