-- Why an imported calendar could not be read, as data (issue #31, docs/decisions/0299-calendar-sync-errors-as-data.md):
-- { reason, values } beside last_error's English sentence, so the host's panel says it in the
-- viewer's language. Null with no error; rows from before keep their English text only.
ALTER TABLE "calendar_import_feeds" ADD COLUMN "last_error_detail" jsonb;
