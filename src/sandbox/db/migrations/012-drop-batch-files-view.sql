-- Version 12 (#66): the view `batch_files` (version 4) is dropped. It used group_concat(… ORDER BY …), which
-- SQLite has only from 3.44 (2023-11); an older sqlite3, Debian 12's 3.40 among them, could then not read the
-- schema at all (`.tables` failed), and nothing of condo read the view. A batch's file is its rows of
-- batch_file_chunks, in seq order; `condo batches download ID` writes it whole.
DROP VIEW IF EXISTS batch_files;
