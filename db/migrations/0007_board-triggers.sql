-- Leaderboard rollups (ADR 014). Each counted recognition adds a point to its boards in every rolling window
-- whose watermark it is newer than, inside the INSERT itself; a deletion takes it back. The board read ages rows
-- out of the rolling windows (worker/services/leaderboards.ts) and moves the watermarks. Member 0 of the
-- summary:* boards holds a window's totals for the Summary Statistics card. Rows written before this migration
-- are counted at the end, each window starting where it starts now (so the first read has nothing to age out).
INSERT INTO `board_watermarks` (`window`, `expired_before`)
SELECT 'week', now - 7 * 86400000 FROM (SELECT cast(unixepoch('subsec') * 1000 AS integer) AS now)
UNION ALL SELECT 'month', now - 30 * 86400000 FROM (SELECT cast(unixepoch('subsec') * 1000 AS integer) AS now)
UNION ALL SELECT 'year', now - 365 * 86400000 FROM (SELECT cast(unixepoch('subsec') * 1000 AS integer) AS now)
UNION ALL SELECT 'all', -9223372036854775808;
--> statement-breakpoint
CREATE TRIGGER `stars_boards_insert` AFTER INSERT ON `stars` WHEN NEW.counted = 1 BEGIN
  INSERT INTO board_totals (board, window, member_id, points)
  SELECT b.board, w.window, b.member_id, 1 FROM (SELECT 'spas' AS board, NEW.recipient_id AS member_id UNION ALL SELECT 'star-givers' AS board, NEW.giver_id AS member_id UNION ALL SELECT 'summary:stars' AS board, 0 AS member_id) AS b
  JOIN board_watermarks AS w ON NEW.created_at >= w.expired_before WHERE true
  ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `stars_boards_delete` AFTER DELETE ON `stars` WHEN OLD.counted = 1 BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'spas' AS board, OLD.recipient_id AS member_id UNION ALL SELECT 'star-givers' AS board, OLD.giver_id AS member_id UNION ALL SELECT 'summary:stars' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
CREATE TRIGGER `flowers_boards_insert` AFTER INSERT ON `flowers` WHEN NEW.counted = 1 BEGIN
  INSERT INTO board_totals (board, window, member_id, points)
  SELECT b.board, w.window, b.member_id, 1 FROM (SELECT 'therapists' AS board, NEW.recipient_id AS member_id UNION ALL SELECT 'flower-givers' AS board, NEW.giver_id AS member_id UNION ALL SELECT 'summary:flowers' AS board, 0 AS member_id) AS b
  JOIN board_watermarks AS w ON NEW.created_at >= w.expired_before WHERE true
  ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `flowers_boards_delete` AFTER DELETE ON `flowers` WHEN OLD.counted = 1 BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'therapists' AS board, OLD.recipient_id AS member_id UNION ALL SELECT 'flower-givers' AS board, OLD.giver_id AS member_id UNION ALL SELECT 'summary:flowers' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
CREATE TRIGGER `medals_boards_insert` AFTER INSERT ON `medals` WHEN NEW.counted = 1 BEGIN
  INSERT INTO board_totals (board, window, member_id, points)
  SELECT b.board, w.window, b.member_id, 1 FROM (SELECT 'clients' AS board, NEW.recipient_id AS member_id UNION ALL SELECT 'medal-givers' AS board, NEW.giver_id AS member_id UNION ALL SELECT 'summary:medals' AS board, 0 AS member_id) AS b
  JOIN board_watermarks AS w ON NEW.created_at >= w.expired_before WHERE true
  ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medals_boards_delete` AFTER DELETE ON `medals` WHEN OLD.counted = 1 BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'clients' AS board, OLD.recipient_id AS member_id UNION ALL SELECT 'medal-givers' AS board, OLD.giver_id AS member_id UNION ALL SELECT 'summary:medals' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
CREATE TRIGGER `red_flags_boards_insert` AFTER INSERT ON `red_flags` WHEN NEW.counted = 1 BEGIN
  INSERT INTO board_totals (board, window, member_id, points)
  SELECT b.board, w.window, b.member_id, 1 FROM (SELECT 'problems' AS board, NEW.recipient_id AS member_id) AS b
  JOIN board_watermarks AS w ON NEW.created_at >= w.expired_before WHERE true
  ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `red_flags_boards_delete` AFTER DELETE ON `red_flags` WHEN OLD.counted = 1 BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'problems' AS board, OLD.recipient_id AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_boards_insert` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO board_totals (board, window, member_id, points)
  SELECT b.board, w.window, b.member_id, 1 FROM (SELECT 'summary:reviews' AS board, 0 AS member_id) AS b
  JOIN board_watermarks AS w ON NEW.created_at >= w.expired_before WHERE true
  ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_boards_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'summary:reviews' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'spas', w.window, r.recipient_id, count(*) FROM `stars` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.recipient_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'star-givers', w.window, r.giver_id, count(*) FROM `stars` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.giver_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'summary:stars', w.window, 0, count(*) FROM `stars` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'therapists', w.window, r.recipient_id, count(*) FROM `flowers` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.recipient_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'flower-givers', w.window, r.giver_id, count(*) FROM `flowers` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.giver_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'summary:flowers', w.window, 0, count(*) FROM `flowers` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'clients', w.window, r.recipient_id, count(*) FROM `medals` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.recipient_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'medal-givers', w.window, r.giver_id, count(*) FROM `medals` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.giver_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'summary:medals', w.window, 0, count(*) FROM `medals` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'problems', w.window, r.recipient_id, count(*) FROM `red_flags` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true AND r.counted = 1 GROUP BY w.window, r.recipient_id
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
--> statement-breakpoint
INSERT INTO board_totals (board, window, member_id, points)
SELECT 'summary:reviews', w.window, 0, count(*) FROM `reviews` AS r JOIN board_watermarks AS w ON r.created_at >= w.expired_before
WHERE true GROUP BY w.window
ON CONFLICT (board, window, member_id) DO UPDATE SET points = points + excluded.points;
