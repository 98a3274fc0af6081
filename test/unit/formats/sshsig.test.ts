import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  fingerprint,
  parseAllowedSigners,
  parseSignature,
  signMessage,
  verifySignature,
} from '../../../src/formats/sshsig.js';

/** #34 point 4: SSH signatures as ssh-keygen writes them (test/fixtures/approvals, made by OpenSSH 9.2p1). */

const dir = join(import.meta.dirname, '../../fixtures/approvals');
const read = (name: string) => readFile(join(dir, name), 'utf8');

test('ssh-keygen’s Ed25519 and RSA signatures verify; each names the key that made it', async () => {
  const message = await read('message.txt');
  for (const who of ['ana', 'bruno', 'carla']) {
    const s = verifySignature(message, await read(`message.${who}.sig`), 'condo-approval');
    const pub = (await read(`${who}.pub`)).split(' ')[1] as string;
    expect(s.publicKey.toString('base64')).toBe(pub);
  }
  // as ssh-keygen -l prints it
  const ana = parseSignature(await read('message.ana.sig'));
  expect(fingerprint(ana.publicKey)).toBe('SHA256:pnV+tS78g0nGtxZfoGEfLTkRGYSepo/es1w8FFXeieo');
});

test('a changed message, another namespace or a damaged signature is refused', async () => {
  const message = await read('message.txt');
  const sig = await read('message.ana.sig');
  expect(() => verifySignature(`${message}x`, sig, 'condo-approval')).toThrow('does not match');
  const other = await read('message.ana.other-namespace.sig');
  expect(() => verifySignature(message, other, 'condo-approval')).toThrow('signed for "other-namespace"');
  const body = sig.split('\n');
  body[2] = `${(body[2] as string).slice(0, 10)}A${(body[2] as string).slice(11)}`;
  expect(() => verifySignature(message, body.join('\n'), 'condo-approval')).toThrow();
  expect(() => verifySignature(message, 'hello', 'condo-approval')).toThrow('not an SSH signature');
});

test('condo signs with an Ed25519 key exactly as ssh-keygen does (Ed25519 is deterministic)', async () => {
  const message = await read('message.txt');
  expect(signMessage(message, await read('ana'), 'condo-approval')).toBe(await read('message.ana.sig'));
  const rsa = await read('carla');
  expect(() => signMessage(message, rsa, 'condo-approval')).toThrow('needs ssh-keygen');
});

test('allowed_signers: principals, namespaces, keys; a line that is not one is named', async () => {
  const signers = parseAllowedSigners(await read('allowed_signers'));
  expect(signers.map((s) => s.principals)).toEqual([
    ['ana@condominio'],
    ['bruno@condominio'],
    ['carla@condominio'],
    ['davi@condominio'],
  ]);
  const [first] = parseAllowedSigners(
    `# council\nana@x,ana@y namespaces="condo-approval,git" ${(await read('ana.pub')).split(' ').slice(0, 2).join(' ')}\n`,
  );
  expect(first).toMatchObject({
    principals: ['ana@x', 'ana@y'],
    namespaces: ['condo-approval', 'git'],
    line: 2,
  });
  expect(() => parseAllowedSigners('ana@x ssh-ed25519')).toThrow('allowed_signers line 1');
  expect(() => parseAllowedSigners('ana@x cert-authority ssh-ed25519 AAAA')).toThrow('cert-authority');
});

test('a key condo makes is one ssh-keygen reads: its signature verifies, and its public line is the key', async () => {
  const { newEd25519Key } = await import('../../../src/formats/sshsig.js');
  const made = newEd25519Key('demo@condominio');
  const sig = signMessage('hello', made.privateKey, 'condo-approval');
  const s = verifySignature('hello', sig, 'condo-approval');
  expect(`ssh-ed25519 ${s.publicKey.toString('base64')} demo@condominio`).toBe(made.publicKey);
});
