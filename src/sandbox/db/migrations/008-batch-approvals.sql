-- Version 8 (#34): approvals kept beside a batch, a condo extension. Each is a statement of the batch's exact file
-- (its SHA-256, total, count, signer, expiry) and its SSH signature, uploaded by `condo batches approve`; a
-- signer's newer approval of a batch replaces their older one. The firm's policy judges them, not the server.
CREATE TABLE batch_approvals (
  id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  batch_id TEXT NOT NULL REFERENCES batches(public_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  signer TEXT NOT NULL, sha256 TEXT NOT NULL, expires_at TEXT NOT NULL, statement TEXT NOT NULL,
  signature TEXT NOT NULL, uploaded_at TEXT NOT NULL, uploaded_by TEXT,
  UNIQUE (batch_id, signer)
) STRICT;
