/**
 * The firm's four-eyes evidence before a file goes to the bank (#34 point 4): the policy file and the approvals
 * beside it, signing an approval of a batch's exact file, and checking what a delivery needs. The policy is named
 * by `--policy FILE` or CONDO_POLICY; without one there is no approval step. It is evidence kept by the firm, not
 * the bank's authorization: `condo api` and other clients are outside it (docs/guide/safety.md).
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  APPROVAL_CONTEXT,
  APPROVAL_NAMESPACE,
  type ApprovalStatement,
  approvalRefusal,
  type BatchFacts,
  type Decision,
  decide,
  type Policy,
  parseApprovalStatement,
  parsePolicy,
  statementText,
} from '../domain/approvals.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import {
  type AllowedSigner,
  parseAllowedSigners,
  readOpenSshPrivateKey,
  SshSigError,
  signMessage,
  verifySignature,
} from '../formats/sshsig.js';

export interface LoadedPolicy {
  path: string;
  policy: Policy;
  signers: AllowedSigner[];
  /** The folder the approvals are kept in. */
  dir: string;
}

/**
 * The policy named by `--policy`, CONDO_POLICY or the profile's `policy` (`condo config set policy FILE`);
 * undefined when none names one (no approval step).
 */
export async function loadPolicy(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  profilePolicy?: string | undefined,
): Promise<LoadedPolicy | undefined> {
  const named = flag ?? env.CONDO_POLICY ?? profilePolicy;
  if (!named) return undefined;
  const path = resolve(named);
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--policy: cannot read ${named} (${e.code ?? e.message})`,
      pt: `--policy: não foi possível ler ${named} (${e.code ?? e.message})`,
    });
  });
  const policy = parsePolicy(text);
  const signersPath = resolve(dirname(path), policy.allowed_signers);
  const signersText = await readFile(signersPath, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `policy: cannot read allowed_signers ${signersPath} (${e.code ?? e.message})`,
      pt: `política: não foi possível ler allowed_signers ${signersPath} (${e.code ?? e.message})`,
    });
  });
  let signers: AllowedSigner[];
  try {
    signers = parseAllowedSigners(signersText);
  } catch (e) {
    throw new UsageError({ en: `policy: ${(e as Error).message}`, pt: `política: ${(e as Error).message}` });
  }
  return { path, policy, signers, dir: resolve(dirname(path), policy.approvals_dir) };
}

/** The principal allowed_signers gives a key, where the key is there (and may sign approvals). */
function principalOf(signers: readonly AllowedSigner[], key: Buffer, wanted?: string): string | undefined {
  const entry = signers.find(
    (s) =>
      s.publicKey.equals(key) &&
      (s.namespaces === null || s.namespaces.includes(APPROVAL_NAMESPACE)) &&
      (wanted === undefined || s.principals.includes(wanted)),
  );
  return entry ? (wanted ?? entry.principals[0]) : undefined;
}

/** An SSH signature of `text` by the key (read from `keyFile`): in Node for an unencrypted Ed25519 key, else by ssh-keygen. */
async function signWith(keyFile: string, key: string, text: string): Promise<string> {
  try {
    return signMessage(text, key, APPROVAL_NAMESPACE);
  } catch (e) {
    const said = e instanceof Error ? e.message : String(e);
    if (!(e instanceof SshSigError) || !/ssh-keygen/.test(said))
      throw new UsageError({ en: `--key: ${said}`, pt: `--key: ${said}` });
  }
  // an encrypted key, or one of another type: OpenSSH's own signer (it asks for the passphrase itself)
  const signature = await new Promise<string>((done, fail) => {
    const child = spawn('ssh-keygen', ['-Y', 'sign', '-n', APPROVAL_NAMESPACE, '-f', keyFile], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', () =>
      fail(
        new UsageError({
          en: '--key: this key needs OpenSSH’s ssh-keygen, which is not installed (condo signs unencrypted Ed25519 keys itself)',
          pt: '--key: esta chave precisa do ssh-keygen do OpenSSH, que não está instalado (o condo assina chaves Ed25519 sem senha)',
        }),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? done(out)
        : fail(
            new UsageError({
              en: `--key: ssh-keygen -Y sign exited ${code}`,
              pt: `--key: ssh-keygen -Y sign terminou com ${code}`,
            }),
          ),
    );
    child.stdin.end(text);
  });
  return signature;
}

/** An approval as kept: the statement's exact text and its signature. */
export interface ApprovalFile {
  statement: string;
  signature: string;
}

/** Signs the approval of a batch's file and keeps it in the policy's folder; its path. */
export async function writeApproval(
  loaded: LoadedPolicy,
  facts: BatchFacts,
  opts: { keyFile: string; signer?: string | undefined; now: Date },
): Promise<{ path: string; statement: ApprovalStatement; kept: ApprovalFile }> {
  const keyText = await readFile(opts.keyFile, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `--key: cannot read ${opts.keyFile} (${e.code ?? e.message})`,
      pt: `--key: não foi possível ler ${opts.keyFile} (${e.code ?? e.message})`,
    });
  });
  let signer = opts.signer;
  if (!signer) {
    // the key's principal in allowed_signers (an unencrypted key says its public half; else its .pub beside it)
    let pub: Buffer | null = null;
    try {
      pub = readOpenSshPrivateKey(keyText).publicKey;
    } catch {
      const pubText = await readFile(`${opts.keyFile}.pub`, 'utf8').catch(() => '');
      const b64 = pubText.trim().split(/\s+/)[1];
      pub = b64 ? Buffer.from(b64, 'base64') : null;
    }
    signer = pub ? principalOf(loaded.signers, pub) : undefined;
    if (!signer)
      throw new UsageError({
        en: `--key: ${opts.keyFile} is not in the policy's allowed_signers; --signer names who signs`,
        pt: `--key: ${opts.keyFile} não está no allowed_signers da política; --signer diz quem assina`,
      });
  }
  const statement: ApprovalStatement = {
    context: APPROVAL_CONTEXT,
    condominium: facts.condominium,
    batch: facts.batch,
    sha256: facts.sha256,
    total_cents: facts.total_cents,
    payments: facts.payments,
    signer,
    expires_at: new Date(opts.now.getTime() + loaded.policy.expiry_days * 86_400_000).toISOString(),
  };
  const text = statementText(statement);
  const signature = await signWith(opts.keyFile, keyText, text);
  // judged as a delivery would judge it before it is kept: an approval that would not count (a key
  // allowed_signers does not give to --signer) must not replace the signer's own, in the folder or on the server
  const judged = judgeApproval(loaded, opts.keyFile, { statement: text, signature });
  if (judged.bad)
    throw new UsageError({
      en: `--key: ${opts.keyFile} cannot approve as ${signer}: ${judged.bad.en}; nothing was written`,
      pt: `--key: ${opts.keyFile} não pode aprovar como ${signer}: ${judged.bad.pt}; nada foi gravado`,
    });
  await mkdir(loaded.dir, { recursive: true });
  const path = join(loaded.dir, `${facts.batch}.${signer.replace(/[^A-Za-z0-9@._-]/g, '_')}.approval`);
  const temp = `${path}.${process.pid}.partial`;
  const kept: ApprovalFile = { statement: text, signature };
  await writeFile(temp, `${JSON.stringify(kept, null, 2)}\n`);
  await rename(temp, path);
  return { path, statement, kept };
}

export interface ReadApproval {
  /** where it was found: a file in the approvals folder, or the server (`server: …`) */
  file: string;
  statement: ApprovalStatement | null;
  /** the statement's exact text, where it was one (two copies of one approval are counted once) */
  text: string | null;
  /** null when the signature is good and its key is the signer's in allowed_signers */
  bad: Text | null;
}

/** An approval's signature and key checked against allowed_signers; `where` names it (a file, or the server). */
export function judgeApproval(loaded: LoadedPolicy, where: string, kept: ApprovalFile): ReadApproval {
  try {
    const statement = parseApprovalStatement(kept.statement);
    let bad: Text | null = null;
    try {
      const sig = verifySignature(kept.statement, kept.signature, APPROVAL_NAMESPACE);
      if (!principalOf(loaded.signers, sig.publicKey, statement.signer))
        bad = {
          en: `signed by a key allowed_signers does not give to ${statement.signer}`,
          pt: `assinada por uma chave que o allowed_signers não dá a ${statement.signer}`,
        };
    } catch (e) {
      // the detail is OpenSSH's format speaking (PROTOCOL.sshsig), as ssh-keygen would say it
      bad = {
        en: `its signature is not good: ${(e as Error).message}`,
        pt: `a assinatura não confere (${(e as Error).message})`,
      };
    }
    return { file: where, statement, bad, text: kept.statement };
  } catch (e) {
    return {
      file: where,
      statement: null,
      bad: {
        en: `not an approval: ${(e as Error).message}`,
        pt: `não é uma aprovação (${(e as Error).message})`,
      },
      text: null,
    };
  }
}

/** Every approval in the policy's folder, its signature and key checked (for one batch, when named). */
export async function readApprovals(loaded: LoadedPolicy, batch?: string): Promise<ReadApproval[]> {
  const names = (await readdir(loaded.dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.approval') && (batch === undefined || f.startsWith(`${batch}.`)))
    .sort();
  const out: ReadApproval[] = [];
  for (const name of names) {
    const file = join(loaded.dir, name);
    let kept: ApprovalFile;
    try {
      kept = JSON.parse(await readFile(file, 'utf8')) as ApprovalFile;
    } catch (e) {
      const why = (e as Error).message;
      out.push({
        file,
        statement: null,
        text: null,
        bad: { en: `not an approval: ${why}`, pt: `não é uma aprovação (${why})` },
      });
      continue;
    }
    out.push(judgeApproval(loaded, file, kept));
  }
  return out;
}

export interface DeliveryCheck {
  decision: Decision;
  /** Approvals of this batch that do not count, and why. */
  refused: { file: string; signer: string | null; why: Text }[];
}

/**
 * What the policy asks of this batch's file, and what its approvals give: those in the policy's folder and those
 * the server keeps beside the batch (`uploaded`, already judged), a copy found in both counted once.
 */
export async function checkDelivery(
  loaded: LoadedPolicy,
  facts: BatchFacts,
  now: Date,
  uploaded: readonly ReadApproval[] = [],
): Promise<DeliveryCheck> {
  const refused: DeliveryCheck['refused'] = [];
  const counted: ApprovalStatement[] = [];
  const seen = new Set<string>();
  // an approval of another batch kept under this batch's name still names that batch: every file is read
  for (const a of [...(await readApprovals(loaded)), ...uploaded]) {
    const meant = a.statement?.batch === facts.batch || a.file.includes(`${facts.batch}.`);
    if (!meant) continue;
    if (a.text !== null) {
      if (seen.has(a.text)) continue;
      seen.add(a.text);
    }
    const why = a.bad ?? (a.statement ? approvalRefusal(a.statement, facts, loaded.policy, now) : null);
    if (why) refused.push({ file: a.file, signer: a.statement?.signer ?? null, why });
    else if (a.statement) counted.push(a.statement);
  }
  const decision = decide(loaded.policy, facts, counted, now);
  // a policy that asks more approvers than it has (its allowed signers, the batch's creator aside) is said so,
  // rather than asking for approvals nobody can give
  const creator = (p: string) =>
    facts.created_by !== undefined && loaded.policy.signers[p]?.client_id === facts.created_by;
  const possible = new Set(loaded.signers.flatMap((s) => s.principals.filter((p) => !creator(p)))).size;
  if (decision.missing.length > 0 && decision.required > possible)
    decision.missing.push({
      en: `the policy's allowed_signers names ${possible} who may approve this batch (its creator aside): it can never have ${decision.required}; add signers or change the bands`,
      pt: `o allowed_signers da política nomeia ${possible} que podem aprovar este lote (sem contar quem o criou): ele nunca terá ${decision.required}; acrescente assinantes ou mude as faixas`,
    });
  return { decision, refused };
}
