-- Member search (ADR 015): an FTS5 index of member names with the trigram tokenizer, which finds
-- any part of a name (not only word starts) and ignores accents (remove_diacritics) and case. It is an
-- external-content index over users.name, kept in step by the three triggers below.
CREATE VIRTUAL TABLE `users_search` USING fts5(name, content='users', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `users_search` (`users_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_search (rowid, name) VALUES (NEW.id, NEW.name);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO users_search (users_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_rename` AFTER UPDATE OF name ON `users` WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO users_search (users_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
  INSERT INTO users_search (rowid, name) VALUES (NEW.id, NEW.name);
END;
--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or delete an entry.
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log` BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log` BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
--> statement-breakpoint
-- A removed review leaves the boards' review total at once (ADR 014's rollups); a removed review that is later
-- deleted (its author's account goes) was already taken out, so the delete trigger skips it.
CREATE TRIGGER `reviews_boards_remove` AFTER UPDATE OF removed_at ON `reviews`
WHEN OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'summary:reviews' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
--> statement-breakpoint
DROP TRIGGER `reviews_boards_delete`;
--> statement-breakpoint
CREATE TRIGGER `reviews_boards_delete` AFTER DELETE ON `reviews` WHEN OLD.removed_at IS NULL BEGIN
  UPDATE board_totals SET points = points - 1
  WHERE (board, member_id) IN (SELECT 'summary:reviews' AS board, 0 AS member_id)
    AND window IN (SELECT window FROM board_watermarks WHERE OLD.created_at >= expired_before);
END;
