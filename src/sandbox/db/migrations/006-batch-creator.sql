-- Version 6 (#34): the API client that created a batch, so that nobody counts as an approver of their own batch's
-- file. A condo extension (`created_by` on a batch); batches made before it say null.
ALTER TABLE batches ADD COLUMN created_by TEXT;
