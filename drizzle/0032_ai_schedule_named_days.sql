-- AI schedules with a named frequency store the days it stands for (decision 0110). Rows saved
-- before stored the Monday-to-Friday default (or whatever days came along) under `daily` and
-- `weekdays`, while the scheduler planned every day, or Monday to Friday, from the name alone.
UPDATE "schedules" SET "custom_days" = ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday']::text[]
WHERE "frequency" = 'daily' AND "custom_days" IS DISTINCT FROM ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday']::text[];
--> statement-breakpoint
UPDATE "schedules" SET "custom_days" = ARRAY['monday','tuesday','wednesday','thursday','friday']::text[]
WHERE "frequency" = 'weekdays' AND "custom_days" IS DISTINCT FROM ARRAY['monday','tuesday','wednesday','thursday','friday']::text[];
