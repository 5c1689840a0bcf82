-- The days off are asked once (decision 171): "Days off (a month)" stays, required and shown on
-- the cards, the shortlist and the search; the optional "Preferred rest days" it repeated is
-- dropped, and the biodata page and PDF print the days off on the standard form's row instead.
ALTER TABLE "helpers" DROP COLUMN "rest_days";
