-- Version 2: a payable's batch history (GET payables/{id} lists every batch that carried it) is read by payable,
-- which the batch items' key (batch, position) does not serve.

CREATE INDEX batch_items_by_payable ON batch_items (public_id, batch_id);
