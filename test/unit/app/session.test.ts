import { describe, expect, test } from 'vitest';
import { answersPing, tryCredentials } from '../../../src/app/session.js';
import { AuthError } from '../../../src/domain/errors.js';
import { servedSandbox } from './served.js';

/** A login's trial and a ping (#72 point 1: were cli/commands/auth.ts's and config.ts's own clients). */
const served = servedSandbox();
const seeded = () => {
  const c = served.sandbox.clients.find((x) => x.condominium === served.condominium);
  if (!c) throw new Error('the sandbox seeded no client');
  return {
    baseUrl: served.sandbox.baseUrl,
    condominium: c.condominium,
    clientId: c.client_id,
    clientSecret: c.client_secret,
  };
};

describe('credentials tried before they are kept', () => {
  test("good ones give a token and the condominium's name; a wrong secret is refused", async () => {
    const { token, condominiumName } = await tryCredentials(seeded());
    expect(token.access_token.length).toBeGreaterThan(10);
    expect(condominiumName).toBe(
      served.sandbox.clients.find((c) => c.condominium === served.condominium)?.condominium_name,
    );
    await expect(tryCredentials({ ...seeded(), clientSecret: 'wrong' })).rejects.toBeInstanceOf(AuthError);
  });
});

describe("a server's liveness", () => {
  test('the sandbox answers; a port nobody listens on does not, at once', async () => {
    expect(await answersPing(seeded())).toBe(true);
    expect(await answersPing({ ...seeded(), baseUrl: 'http://127.0.0.1:9' })).toBe(false);
  });
});
