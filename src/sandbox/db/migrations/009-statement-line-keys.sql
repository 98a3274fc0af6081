-- Version 9 (#35): nothing lost, nothing invented in a statement.
-- A movement with a FITID was known by its FITID alone, and a bank that gave two transactions one FITID lost the
-- second. It is now known by its FITID, date, amount and memo (formats/statement/lines.ts: the first line of a key
-- keeps this plain form, a repeat adds its position), so the movements stored before get that key here and a file
-- imported before is not imported twice. Keys of lines without a FITID (a hash) are unchanged.
UPDATE statement_movements
  SET dedup_key = fitid || char(31) || date || char(31) || amount_cents || char(31) || coalesce(memo, '')
  WHERE fitid IS NOT NULL;
-- What an import counted besides movements: the bank's balances written as lines, and entries dated after the
-- statement's end or the import's day (scheduled: not imported until a later file carries them as done).
ALTER TABLE statement_imports ADD COLUMN balance_lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE statement_imports ADD COLUMN scheduled INTEGER NOT NULL DEFAULT 0;
CREATE TABLE statement_other_lines (
  statement_id TEXT NOT NULL REFERENCES statement_imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  ordinal INTEGER NOT NULL, line INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('balance', 'scheduled')),
  date TEXT NOT NULL, amount_cents INTEGER, memo TEXT, name TEXT, fitid TEXT,
  PRIMARY KEY (statement_id, ordinal)
) STRICT;
