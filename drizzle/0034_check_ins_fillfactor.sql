-- A check-in is written four times on its way out (queued, claimed, handed over, sent). With full
-- pages each new version went to another page and into every one of the table's indexes; with room
-- left on the page, the claim and the hand-over are updated in place (HOT), which made them about
-- 40 % cheaper in the scheduler bench (docs/performance.md, "The drain on slower hardware").
-- Applies to pages written from now on; on a large database, VACUUM FULL or pg_repack spreads the old ones.
ALTER TABLE "check_ins" SET (fillfactor = 70);
