-- Version 4 (#32): a batch's remittance is stored in chunks of about a megabyte, written as the file is generated
-- from a cursor over its payables and read back one chunk at a time by a download, so neither side holds a whole
-- file. `batch_files` stays, as a view that puts a file's chunks together for a person with sqlite3.

CREATE TABLE batch_file_chunks (
  batch_id TEXT NOT NULL REFERENCES batches(public_id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  seq INTEGER NOT NULL,
  content BLOB NOT NULL,
  PRIMARY KEY (batch_id, seq)
) STRICT;
INSERT INTO batch_file_chunks (batch_id, seq, content) SELECT batch_id, 0, content FROM batch_files;
DROP TABLE batch_files;
CREATE VIEW batch_files AS
  SELECT batch_id, CAST(group_concat(content, '' ORDER BY seq) AS BLOB) AS content
  FROM batch_file_chunks GROUP BY batch_id;
