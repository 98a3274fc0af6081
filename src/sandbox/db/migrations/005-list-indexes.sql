-- Version 5 (#32 point 5): an index for each list's usual filter that ends in the list's order, so a page far down
-- a filtered list skips index entries, not rows, and no page sorts the whole filtered set first. (A payables list
-- filtered by state, or by a due range, already had one; the invoices' by-state and by-unit indexes lacked the
-- public_id their order ends with.)

-- (not the state too: moving a batch's 100,000 payables to in_batch would rewrite this index as well)
CREATE INDEX payables_by_supplier ON payables (condominium, supplier_id, due_date, public_id);
DROP INDEX invoices_by_state;
CREATE INDEX invoices_by_state ON invoices (condominium, state, due_date, public_id);
DROP INDEX invoices_by_unit;
CREATE INDEX invoices_by_unit ON invoices (condominium, unit_id, due_date, public_id);
CREATE INDEX entries_by_type ON account_entries (condominium, type, paid_at, id);

-- A return's line finds its batch item by seu número (#32: a return of 400,000 payments looked each one up in a map
-- of every item).
CREATE INDEX batch_items_by_seu ON batch_items (batch_id, seu_numero);
