-- Version 14 (#70): an invoice settled by an agreement (state renegotiated, a condo extension): the agreement's id
-- and when. Invoices from before it say null.
ALTER TABLE invoices ADD COLUMN agreement TEXT;
ALTER TABLE invoices ADD COLUMN renegotiated_at TEXT;
