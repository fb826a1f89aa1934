-- A rate-limit hit in one round trip (decision 0104): the advisory lock, the count and the insert
-- ran as five statements of a transaction from the app. A plpgsql function may take the lock
-- before it counts: each of its statements takes a fresh snapshot, so the count sees every hit
-- committed by whoever held the lock before. Returns null when the hit was counted, else the
-- seconds until enough of the oldest hits leave the window to free one place.
CREATE OR REPLACE FUNCTION rate_limit_hit(p_key text, p_limit integer, p_window interval, p_now timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  held integer;
  freed_at timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_key));
  SELECT coalesce(sum(h.count), 0) INTO held
  FROM rate_limit_hits h
  WHERE h.key = p_key AND h.window_start > p_now - p_window;
  IF held < p_limit THEN
    INSERT INTO rate_limit_hits AS h (key, window_start, count) VALUES (p_key, p_now, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = h.count + 1;
    RETURN NULL;
  END IF;
  SELECT w.window_start + p_window INTO freed_at
  FROM (
    SELECT h.window_start, sum(h.count) OVER (ORDER BY h.window_start) AS aged_out
    FROM rate_limit_hits h
    WHERE h.key = p_key AND h.window_start > p_now - p_window
  ) w
  WHERE w.aged_out >= held - p_limit + 1
  ORDER BY w.window_start
  LIMIT 1;
  RETURN ceil(extract(epoch FROM coalesce(freed_at, p_now + p_window) - p_now));
END
$$;
