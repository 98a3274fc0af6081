/**
 * SSH signatures (OpenSSH's PROTOCOL.sshsig, what `ssh-keygen -Y sign` writes and `-Y verify` checks), so that an
 * approver signs with the key and the tool they already have and condo checks it in Node. Verifies Ed25519 and
 * RSA (rsa-sha2-256/512) signatures; signs with an unencrypted Ed25519 key in OpenSSH's own format (an encrypted
 * key or an agent is ssh-keygen's to use). Also reads OpenSSH's allowed_signers lines.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';

const MAGIC = Buffer.from('SSHSIG');
const ARMOR_BEGIN = '-----BEGIN SSH SIGNATURE-----';
const ARMOR_END = '-----END SSH SIGNATURE-----';

export class SshSigError extends Error {}

/** Reads SSH wire strings (a uint32 length, then the bytes) off a buffer. */
class Wire {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  bytes(n: number): Buffer {
    if (this.at + n > this.buf.length) throw new SshSigError('truncated');
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  uint32(): number {
    return this.bytes(4).readUInt32BE(0);
  }
  string(): Buffer {
    return this.bytes(this.uint32());
  }
  text(): string {
    return this.string().toString('latin1');
  }
  get done(): boolean {
    return this.at === this.buf.length;
  }
}

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length, 0);
  return Buffer.concat([length, bytes]);
}

const base64url = (b: Buffer) => b.toString('base64url');
/** An SSH mpint as the unsigned big-endian bytes a JWK wants (its sign byte dropped). */
const unsigned = (b: Buffer) => (b[0] === 0 ? b.subarray(1) : b);

/** A public key from its SSH wire blob (`ssh-ed25519` or `ssh-rsa`), and its type. */
export function publicKeyOfBlob(blob: Buffer): { type: string; key: KeyObject } {
  const w = new Wire(blob);
  const type = w.text();
  if (type === 'ssh-ed25519') {
    const x = w.string();
    return {
      type,
      key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64url(x) }, format: 'jwk' }),
    };
  }
  if (type === 'ssh-rsa') {
    const e = unsigned(w.string());
    const n = unsigned(w.string());
    return {
      type,
      key: createPublicKey({ key: { kty: 'RSA', e: base64url(e), n: base64url(n) }, format: 'jwk' }),
    };
  }
  throw new SshSigError(`keys of type ${type} are not supported (ssh-ed25519 and ssh-rsa are)`);
}

/** The SHA-256 fingerprint of a key blob, as ssh-keygen prints it (SHA256:…, unpadded base64). */
export function fingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

export interface SshSignature {
  publicKey: Buffer;
  namespace: string;
  hashAlgorithm: 'sha256' | 'sha512';
  signatureFormat: string;
  signature: Buffer;
}

export function parseSignature(armored: string): SshSignature {
  const text = armored.trim();
  if (!text.startsWith(ARMOR_BEGIN) || !text.endsWith(ARMOR_END))
    throw new SshSigError('not an SSH signature (-----BEGIN SSH SIGNATURE-----)');
  const body = Buffer.from(text.slice(ARMOR_BEGIN.length, -ARMOR_END.length).replace(/\s+/g, ''), 'base64');
  const w = new Wire(body);
  if (!w.bytes(6).equals(MAGIC)) throw new SshSigError('not an SSHSIG blob');
  const version = w.uint32();
  if (version !== 1) throw new SshSigError(`SSHSIG version ${version} is not supported`);
  const publicKey = Buffer.from(w.string());
  const namespace = w.text();
  w.string(); // reserved
  const hashAlgorithm = w.text();
  if (hashAlgorithm !== 'sha256' && hashAlgorithm !== 'sha512')
    throw new SshSigError(`hash algorithm ${hashAlgorithm} is not supported`);
  const sig = new Wire(w.string());
  const signatureFormat = sig.text();
  const signature = Buffer.from(sig.string());
  return { publicKey, namespace, hashAlgorithm, signatureFormat, signature };
}

/** What is signed: the preamble, the namespace, the hash algorithm and the message's hash. */
function signedData(namespace: string, hashAlgorithm: string, message: Buffer | string): Buffer {
  const digest = createHash(hashAlgorithm).update(message).digest();
  return Buffer.concat([
    MAGIC,
    sshString(namespace),
    sshString(''),
    sshString(hashAlgorithm),
    sshString(digest),
  ]);
}

/** Whether `armored` is a valid signature of `message` in `namespace`, by the key it carries (checked here). */
export function verifySignature(message: Buffer | string, armored: string, namespace: string): SshSignature {
  const s = parseSignature(armored);
  if (s.namespace !== namespace) throw new SshSigError(`signed for "${s.namespace}", not "${namespace}"`);
  const { type, key } = publicKeyOfBlob(s.publicKey);
  const data = signedData(namespace, s.hashAlgorithm, message);
  let ok = false;
  if (type === 'ssh-ed25519' && s.signatureFormat === 'ssh-ed25519')
    ok = verify(null, data, key, s.signature);
  else if (
    type === 'ssh-rsa' &&
    (s.signatureFormat === 'rsa-sha2-512' || s.signatureFormat === 'rsa-sha2-256')
  )
    ok = verify(s.signatureFormat === 'rsa-sha2-512' ? 'sha512' : 'sha256', data, key, s.signature);
  else throw new SshSigError(`a ${s.signatureFormat} signature by a ${type} key is not supported`);
  if (!ok) throw new SshSigError('the signature does not match the message');
  return s;
}

/** An unencrypted Ed25519 key in OpenSSH's format (-----BEGIN OPENSSH PRIVATE KEY-----): the key and its blob. */
export function readOpenSshPrivateKey(text: string): { key: KeyObject; publicKey: Buffer } {
  const m = /-----BEGIN OPENSSH PRIVATE KEY-----([\s\S]*?)-----END OPENSSH PRIVATE KEY-----/.exec(text);
  if (!m) throw new SshSigError('not an OpenSSH private key (-----BEGIN OPENSSH PRIVATE KEY-----)');
  const w = new Wire(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'));
  if (w.bytes(15).toString('latin1') !== 'openssh-key-v1\0')
    throw new SshSigError('not an openssh-key-v1 key');
  const cipher = w.text();
  w.text(); // kdf
  w.string(); // kdf options
  if (cipher !== 'none') throw new SshSigError('the key is encrypted: sign with ssh-keygen -Y sign instead');
  if (w.uint32() !== 1) throw new SshSigError('a key file with more than one key');
  const publicKey = Buffer.from(w.string());
  const secret = new Wire(w.string());
  const check = secret.uint32();
  if (secret.uint32() !== check) throw new SshSigError('the key file is damaged (check integers differ)');
  const type = secret.text();
  if (type !== 'ssh-ed25519') throw new SshSigError(`signing with a ${type} key needs ssh-keygen -Y sign`);
  const pub = secret.string();
  const seed = secret.string().subarray(0, 32);
  const key = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: base64url(seed), x: base64url(pub) },
    format: 'jwk',
  });
  return { key, publicKey };
}

/** An SSH signature of `message` in `namespace`, armored as ssh-keygen writes it. */
export function signMessage(message: Buffer | string, privateKey: string, namespace: string): string {
  const { key, publicKey } = readOpenSshPrivateKey(privateKey);
  const hashAlgorithm = 'sha512';
  const signature = sign(null, signedData(namespace, hashAlgorithm, message), key);
  const blob = Buffer.concat([
    MAGIC,
    Buffer.from([0, 0, 0, 1]),
    sshString(publicKey),
    sshString(namespace),
    sshString(''),
    sshString(hashAlgorithm),
    sshString(Buffer.concat([sshString('ssh-ed25519'), sshString(signature)])),
  ]);
  const lines = blob.toString('base64').match(/.{1,70}/g) ?? [];
  return `${ARMOR_BEGIN}\n${lines.join('\n')}\n${ARMOR_END}\n`;
}

export interface AllowedSigner {
  principals: string[];
  namespaces: string[] | null;
  publicKey: Buffer;
  line: number;
}

/**
 * OpenSSH's allowed_signers file: `principals [options] keytype base64 [comment]` a line, `#` comments. Options
 * read: namespaces="a,b" (others, valid-after/valid-before and cert-authority among them, refuse the line).
 */
export function parseAllowedSigners(text: string): AllowedSigner[] {
  const signers: AllowedSigner[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const words = line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
    const [principals = '', ...rest] = words;
    let namespaces: string[] | null = null;
    if (rest[0] && !rest[0].startsWith('ssh-')) {
      const options = rest.shift() as string;
      for (const option of options.match(/(?:[^,"]+|"[^"]*")+/g) ?? []) {
        const [name = '', value = ''] = option.split(/=(.*)/s);
        if (name.toLowerCase() === 'namespaces') namespaces = value.replace(/^"|"$/g, '').split(',');
        else throw new SshSigError(`allowed_signers line ${i + 1}: option ${name} is not supported`);
      }
    }
    const [type, key] = rest;
    if (!type || !key)
      throw new SshSigError(`allowed_signers line ${i + 1}: expected principals, key type and key`);
    const publicKey = Buffer.from(key, 'base64');
    if (new Wire(publicKey).text() !== type)
      throw new SshSigError(`allowed_signers line ${i + 1}: the key is not a ${type} key`);
    signers.push({ principals: principals.split(','), namespaces, publicKey, line: i + 1 });
  });
  return signers;
}

/**
 * A new Ed25519 key pair as OpenSSH writes it: the private key unencrypted (-----BEGIN OPENSSH PRIVATE KEY-----)
 * and the public key line (`ssh-ed25519 AAAA… comment`). For keys a program makes for itself (the demo's
 * approvers); a person's key is theirs, made by ssh-keygen.
 */
export function newEd25519Key(comment: string): { privateKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d as string, 'base64url');
  const pub = Buffer.from(jwk.x as string, 'base64url');
  const blob = Buffer.concat([sshString('ssh-ed25519'), sshString(pub)]);
  const check = randomBytes(4);
  let secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(pub),
    sshString(Buffer.concat([seed, pub])),
    sshString(comment),
  ]);
  // padded to the cipher's block size (8 for "none") with 1, 2, 3…
  const padding = (8 - (secret.length % 8)) % 8;
  secret = Buffer.concat([secret, Buffer.from(Array.from({ length: padding }, (_, i) => i + 1))]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    Buffer.from([0, 0, 0, 1]),
    sshString(blob),
    sshString(secret),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return {
    privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
    publicKey: `ssh-ed25519 ${blob.toString('base64')} ${comment}`,
  };
}
