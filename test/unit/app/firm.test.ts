import { describe, expect, test } from 'vitest';
import { firmTargets, pooled, serverFate } from '../../../src/app/firm.js';
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

describe('which condominiums a firm-wide run asks (#54: the application layer, no terminal)', () => {
  const stored = {
    beta: { base_url: 'https://api.example.com/', condominium: 'beta' },
    alfa: { base_url: 'https://api.example.com', condominium: 'alfa' },
    'alfa-again': { base_url: 'https://api.example.com/', condominium: 'alfa' },
    sandbox: { base_url: 'http://127.0.0.1:4010', condominium: 'alfa' },
  };

  test('--all-profiles: every profile by name, a condominium of one server asked once, under its first name', () => {
    expect(firmTargets({ allProfiles: true }, stored).map((t) => t.profile)).toEqual([
      'alfa',
      'beta',
      'sandbox',
    ]);
  });

  test('--profiles a,b: in the order given; a name that is no profile is refused, naming it', () => {
    expect(firmTargets({ profiles: 'sandbox, beta' }, stored).map((t) => t.profile)).toEqual([
      'sandbox',
      'beta',
    ]);
    expect(() => firmTargets({ profiles: 'beta,gama' }, stored)).toThrow(/no profile "gama"/);
    expect(() => firmTargets({ profiles: ' , ' }, stored)).toThrow(/give profile names/);
  });

  test('one of --profile, --profiles and --all-profiles; and none to ask is said', () => {
    expect(() => firmTargets({ profile: 'alfa', allProfiles: true }, stored)).toThrow(/give one/);
    expect(() => firmTargets({ profiles: 'alfa', allProfiles: true }, stored)).toThrow(/give one/);
    expect(() => firmTargets({ allProfiles: true }, {})).toThrow(/no profiles yet/);
  });

  test('pooled: every item, in order, at most eight at a time', async () => {
    let running = 0;
    let most = 0;
    const out = await pooled(
      Array.from({ length: 30 }, (_, i) => i),
      async (i) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return i * 2;
      },
    );
    expect(out).toEqual(Array.from({ length: 30 }, (_, i) => i * 2));
    expect(most).toBe(8);
  });
});
