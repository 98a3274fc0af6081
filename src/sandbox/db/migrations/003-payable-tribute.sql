-- Version 3: a payable may be a tax guide paid by its data (DARF, GPS) or Itaú's FGTS, whose data the remittance's
-- segment N carries (src/domain/tributes.ts): one JSON column, null for every other payable.

ALTER TABLE payables ADD COLUMN tribute TEXT;
