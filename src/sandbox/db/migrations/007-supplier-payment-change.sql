-- Version 7 (#34): when a supplier's bank account or PIX key last changed, so that a payment to data changed just
-- before it asks for an extra approval (most payment fraud changes the payee's data first). A condo extension
-- (`payment_data_changed_at` on a supplier); suppliers from before it say null.
ALTER TABLE suppliers ADD COLUMN payment_data_changed_at TEXT;
