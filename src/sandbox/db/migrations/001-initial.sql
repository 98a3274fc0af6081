-- Version 1: one table per resource. Real columns for what is filtered, sorted, joined or kept unique; nested
-- values (a payable's last return, a batch's totals per forma, an invoice's payment options) as JSON text.
-- Money in integer cents. Foreign keys are checked at commit (DEFERRABLE INITIALLY DEFERRED), so a
-- transaction may write rows in any order.

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) STRICT;
CREATE TABLE sequences (kind TEXT PRIMARY KEY, next_id INTEGER NOT NULL) STRICT;

CREATE TABLE condominiums (
  slug TEXT PRIMARY KEY, name TEXT NOT NULL, document TEXT NOT NULL, address TEXT NOT NULL,
  nosso_numero_sequence INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE api_clients (
  client_id TEXT PRIMARY KEY, name TEXT NOT NULL, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  client_secret TEXT NOT NULL, scopes TEXT NOT NULL
) STRICT;
CREATE TABLE access_tokens (
  token_sha256 TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES api_clients(client_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  condominium TEXT NOT NULL, scopes TEXT NOT NULL, expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX access_tokens_expiry ON access_tokens (expires_at);

CREATE TABLE blocks (id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, name TEXT NOT NULL) STRICT;
CREATE TABLE units (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, block TEXT NOT NULL, number TEXT NOT NULL, label TEXT NOT NULL,
  owner TEXT NOT NULL, owner_document TEXT NOT NULL, ideal_fraction REAL NOT NULL
) STRICT;
CREATE INDEX units_by_block ON units (condominium, block, id);
CREATE TABLE suppliers (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, name TEXT NOT NULL, document TEXT NOT NULL, bank TEXT,
  pix_key TEXT, pix_key_type TEXT
) STRICT;
CREATE INDEX suppliers_by_condominium ON suppliers (condominium, id);
CREATE TABLE chart_accounts (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, code TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
  state TEXT NOT NULL, parent_id INTEGER REFERENCES chart_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  UNIQUE (condominium, code)
) STRICT;
CREATE TABLE bank_accounts (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, name TEXT NOT NULL, bank_code TEXT NOT NULL,
  bank_name TEXT NOT NULL, agency TEXT NOT NULL, account_number TEXT NOT NULL, type TEXT NOT NULL,
  current_balance_cents INTEGER NOT NULL, is_payment_account INTEGER NOT NULL
) STRICT;
CREATE INDEX bank_accounts_by_condominium ON bank_accounts (condominium, id);
CREATE TABLE periods (
  condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, period TEXT NOT NULL, state TEXT NOT NULL, PRIMARY KEY (condominium, period)
) STRICT;

CREATE TABLE batches (
  public_id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, state TEXT NOT NULL, data_pagamento TEXT NOT NULL,
  bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  file_name TEXT NOT NULL, file_sequence INTEGER NOT NULL, file_sha256 TEXT NOT NULL,
  file_size INTEGER NOT NULL, payables_count INTEGER NOT NULL, total_amount INTEGER NOT NULL,
  by_forma TEXT NOT NULL, returns TEXT NOT NULL, created_at TEXT NOT NULL
) STRICT;
CREATE INDEX batches_newest ON batches (condominium, created_at, file_sequence);
CREATE TABLE batch_files (
  batch_id TEXT PRIMARY KEY REFERENCES batches(public_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  content BLOB NOT NULL
) STRICT;
CREATE TABLE batch_items (
  batch_id TEXT NOT NULL REFERENCES batches(public_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  position INTEGER NOT NULL, public_id TEXT NOT NULL, seu_numero TEXT NOT NULL,
  forma_pagamento TEXT NOT NULL, payee_name TEXT NOT NULL, amount INTEGER NOT NULL, outcome TEXT,
  last_return TEXT, PRIMARY KEY (batch_id, position)
) STRICT;

CREATE TABLE payables (
  public_id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  supplier_id INTEGER REFERENCES suppliers(id) DEFERRABLE INITIALLY DEFERRED,
  chart_of_accounts_id INTEGER NOT NULL REFERENCES chart_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  payee_name TEXT, amount INTEGER NOT NULL, fine_amount INTEGER, interest_amount INTEGER,
  discount_amount INTEGER, forma_pagamento TEXT NOT NULL, due_date TEXT NOT NULL, issue_date TEXT,
  document_number TEXT, description TEXT NOT NULL, notes TEXT, state TEXT NOT NULL,
  batch_id TEXT REFERENCES batches(public_id) DEFERRABLE INITIALLY DEFERRED,
  paid_at TEXT, paid_amount INTEGER, last_return TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX payables_by_due ON payables (condominium, due_date, public_id);
CREATE INDEX payables_by_state ON payables (condominium, state, due_date, public_id);

CREATE TABLE invoices (
  public_id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  unit_id INTEGER NOT NULL REFERENCES units(id) DEFERRABLE INITIALLY DEFERRED, party_id INTEGER,
  bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  billing_type TEXT NOT NULL, due_date TEXT NOT NULL, subtotal_cents INTEGER NOT NULL,
  fine_amount_cents INTEGER NOT NULL, interest_amount_cents INTEGER NOT NULL,
  monetary_correction_amount_cents INTEGER NOT NULL, discount_amount_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL, notes TEXT, state TEXT NOT NULL, period TEXT NOT NULL, issued_at TEXT,
  paid_at TEXT, payment TEXT, created_at TEXT NOT NULL
) STRICT;
CREATE INDEX invoices_by_due ON invoices (condominium, due_date, public_id);
CREATE INDEX invoices_by_state ON invoices (condominium, state, due_date);
CREATE INDEX invoices_by_unit ON invoices (condominium, unit_id);

CREATE TABLE account_entries (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, type TEXT NOT NULL,
  chart_of_accounts_id INTEGER NOT NULL REFERENCES chart_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  bank_account_id INTEGER REFERENCES bank_accounts(id) DEFERRABLE INITIALLY DEFERRED, unit_id INTEGER, supplier_id INTEGER,
  amount_cents INTEGER NOT NULL, description TEXT NOT NULL, payee TEXT, document_number TEXT,
  payment_method TEXT, due_at TEXT, paid_at TEXT NOT NULL, period TEXT NOT NULL, source TEXT NOT NULL,
  transfer_id TEXT, reconciled INTEGER NOT NULL, payable_id TEXT, created_at TEXT NOT NULL
) STRICT;
CREATE INDEX entries_by_paid_at ON account_entries (condominium, paid_at, id);
CREATE INDEX entries_open ON account_entries (bank_account_id, reconciled, amount_cents);
CREATE TABLE transfers (
  transfer_id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  outgoing_entry_id INTEGER NOT NULL REFERENCES account_entries(id) DEFERRABLE INITIALLY DEFERRED,
  incoming_entry_id INTEGER NOT NULL REFERENCES account_entries(id) DEFERRABLE INITIALLY DEFERRED,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE expenses (
  id INTEGER PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, supplier_id INTEGER,
  chart_of_accounts_id INTEGER NOT NULL REFERENCES chart_accounts(id) DEFERRABLE INITIALLY DEFERRED, bank_account_id INTEGER,
  amount_cents INTEGER NOT NULL, fine_amount_cents INTEGER, interest_amount_cents INTEGER,
  discount_amount_cents INTEGER, description TEXT NOT NULL, payee TEXT, document_number TEXT,
  payment_method TEXT, notes TEXT, due_at TEXT NOT NULL, paid_at TEXT, installment TEXT,
  entry_id INTEGER REFERENCES account_entries(id) DEFERRABLE INITIALLY DEFERRED, created_at TEXT NOT NULL
) STRICT;
CREATE INDEX expenses_by_due ON expenses (condominium, due_at, id);

-- A statement import is 'loading' while its lines are written in chunks and 'done' once one last
-- transaction has reconciled them; a restart deletes the imports it finds loading.
CREATE TABLE statement_imports (
  id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, status TEXT NOT NULL,
  bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  format TEXT NOT NULL, file_name TEXT, file_sha256 TEXT NOT NULL, bank_id TEXT, account_id TEXT,
  forced INTEGER NOT NULL, period TEXT NOT NULL, transactions INTEGER NOT NULL, imported INTEGER NOT NULL,
  duplicates INTEGER NOT NULL, reconciled INTEGER NOT NULL, unmatched INTEGER NOT NULL,
  imported_at TEXT NOT NULL
) STRICT;
-- One bank movement per account and de-duplication key (FITID, or the CSV hash).
CREATE TABLE statement_movements (
  id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  bank_account_id INTEGER NOT NULL REFERENCES bank_accounts(id) DEFERRABLE INITIALLY DEFERRED,
  statement_id TEXT NOT NULL REFERENCES statement_imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  fitid TEXT, dedup_key TEXT NOT NULL, date TEXT NOT NULL, amount_cents INTEGER NOT NULL,
  type TEXT NOT NULL, memo TEXT, name TEXT, document_number TEXT, line INTEGER NOT NULL,
  match_entry_id INTEGER REFERENCES account_entries(id) DEFERRABLE INITIALLY DEFERRED, match_payable_id TEXT,
  match_invoice_id TEXT REFERENCES invoices(public_id) DEFERRABLE INITIALLY DEFERRED,
  reconciled INTEGER NOT NULL, reconciled_at TEXT, created_at TEXT NOT NULL,
  UNIQUE (bank_account_id, dedup_key)
) STRICT;
CREATE INDEX movements_open ON statement_movements (bank_account_id, reconciled, amount_cents);
-- an import's own movements: by amount (to reconcile) and unmatched in date order (to list)
CREATE INDEX movements_by_amount ON statement_movements (statement_id, amount_cents);
CREATE INDEX movements_unmatched ON statement_movements (statement_id, reconciled, date, line);
CREATE INDEX movements_by_invoice ON statement_movements (match_invoice_id)
  WHERE match_invoice_id IS NOT NULL;
-- Every transaction of an imported file, in file order, and the movement it is (new or recorded before).
CREATE TABLE statement_lines (
  statement_id TEXT NOT NULL REFERENCES statement_imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  ordinal INTEGER NOT NULL, line INTEGER NOT NULL,
  movement_id TEXT NOT NULL REFERENCES statement_movements(id) DEFERRABLE INITIALLY DEFERRED,
  -- 1 when the movement was recorded by an earlier import (the line is a duplicate of it)
  earlier INTEGER NOT NULL,
  PRIMARY KEY (statement_id, ordinal)
) STRICT;
CREATE INDEX statement_lines_earlier ON statement_lines (statement_id, earlier);

CREATE TABLE webhook_subscriptions (
  id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED, url TEXT NOT NULL, events TEXT NOT NULL, secret TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
-- An event to deliver to one subscription: 'pending' until delivered or out of attempts.
CREATE TABLE webhook_deliveries (
  delivery_id TEXT PRIMARY KEY, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  event_id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL,
  attempts INTEGER NOT NULL, next_attempt_at INTEGER, created_at TEXT NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT, condominium TEXT NOT NULL REFERENCES condominiums(slug) DEFERRABLE INITIALLY DEFERRED,
  delivery_id TEXT NOT NULL,
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  event_id TEXT NOT NULL, event TEXT NOT NULL, attempt INTEGER NOT NULL, status_code INTEGER,
  error TEXT, ok INTEGER NOT NULL, at TEXT NOT NULL, duration_ms INTEGER NOT NULL, next_attempt_at TEXT
) STRICT;
CREATE INDEX webhook_attempts_by_subscription ON webhook_attempts (subscription_id, id);

-- Completed responses to writes that carried an Idempotency-Key, replayed for 24 hours.
CREATE TABLE idempotency_responses (
  client_id TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
  headers TEXT NOT NULL, body BLOB, expires_at INTEGER NOT NULL, PRIMARY KEY (client_id, key)
) STRICT;
CREATE INDEX idempotency_expiry ON idempotency_responses (expires_at);
