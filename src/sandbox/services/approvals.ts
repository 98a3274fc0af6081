/**
 * Approvals kept beside a batch (#34, a condo extension). The server keeps what `condo batches approve` uploads
 * and checks only what it can know: that the statement is one, names this batch, condominium and file, and that
 * its SSH signature is good over it. Who may approve, and how many must, is the firm's policy, judged by condo
 * before a delivery; the server knows no policy.
 */
import { APPROVAL_NAMESPACE, parseApprovalStatement, statementText } from '../../domain/approvals.js';
import { monotonicUlids } from '../../domain/ulids.js';
import { verifySignature } from '../../formats/sshsig.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type { BatchApprovalRecord, PaymentBatchRecord } from '../model.js';
import { validationFailed } from './errors.js';

const newId = monotonicUlids();

/** Keeps an approval of the batch's file; the signer's earlier approval of it, if any, is replaced. */
export function addApproval(
  tx: Tx,
  batch: PaymentBatchRecord,
  body: { statement: string; signature: string },
  now: Date,
  uploadedBy: string | null,
): BatchApprovalRecord {
  let statement: ReturnType<typeof parseApprovalStatement>;
  try {
    statement = parseApprovalStatement(body.statement);
  } catch (e) {
    throw validationFailed({ statement: [`is not an approval statement: ${(e as Error).message}`] });
  }
  // the text signed is the statement written one way only: another spelling of it would be another text
  if (statementText(statement) !== body.statement)
    throw validationFailed({
      statement: ['is not written as condo writes it (its fields in order, one line)'],
    });
  const fields: Record<string, string[]> = {};
  if (statement.batch !== batch.public_id)
    fields.statement = [`approves batch ${statement.batch}, not this one`];
  else if (statement.condominium !== tx.condo.slug)
    fields.statement = [`approves a batch of ${statement.condominium}, not of this condominium`];
  else if (statement.sha256 !== batch.file_sha256)
    fields.statement = [
      `approves a file with SHA-256 ${statement.sha256}, not this batch's ${batch.file_sha256}`,
    ];
  if (!fields.statement) {
    try {
      verifySignature(body.statement, body.signature, APPROVAL_NAMESPACE);
    } catch (e) {
      fields.signature = [`is not a good SSH signature of the statement: ${(e as Error).message}`];
    }
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const earlier = tx.batchApprovals.first(
    tx.batchApprovals.where().eq('batch_id', batch.public_id).eq('signer', statement.signer),
  );
  if (earlier) tx.batchApprovals.remove(earlier);
  return tx.batchApprovals.insert({
    id: newId(),
    batch_id: batch.public_id,
    signer: statement.signer,
    sha256: statement.sha256,
    expires_at: statement.expires_at,
    statement: body.statement,
    signature: body.signature,
    uploaded_at: now.toISOString(),
    uploaded_by: uploadedBy,
  });
}

export function listApprovals(
  tx: Tx,
  batch: PaymentBatchRecord,
  page: PageRequest,
): PageOf<BatchApprovalRecord> {
  return tx.batchApprovals.page(
    tx.batchApprovals.where().eq('batch_id', batch.public_id),
    ['uploaded_at', 'id'],
    page,
  );
}
