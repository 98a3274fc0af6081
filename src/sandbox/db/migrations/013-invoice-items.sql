-- Version 13 (#67): an invoice's composition (a condo extension, `items` on an invoice): each part's name, the
-- revenue account it is booked to when paid, and its amount, as JSON. Invoices from before it say null.
ALTER TABLE invoices ADD COLUMN items TEXT;
