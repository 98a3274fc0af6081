-- Version 10 (#35): an entry a reconciliation rule booked names the statement line it accounts for (a movement,
-- reconciled once its entries add up to it) and the rule. Both condo extensions; entries from before say null.
ALTER TABLE account_entries ADD COLUMN statement_line_id TEXT;
ALTER TABLE account_entries ADD COLUMN rule_id TEXT;
CREATE INDEX entries_by_statement_line ON account_entries (statement_line_id) WHERE statement_line_id IS NOT NULL;
