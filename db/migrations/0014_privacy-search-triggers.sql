-- Deleted accounts (ADR 022) leave member search at once. Deleting an account renames its row to
-- "Former member" and sets deleted_at in one UPDATE: the rename trigger takes the old name out of the index and
-- puts nothing back for a deleted row. A row that is not in the index (a former member) is never "deleted" from
-- it again: an external-content FTS5 index must only be told to delete what it holds.
DROP TRIGGER `users_search_rename`;
--> statement-breakpoint
CREATE TRIGGER `users_search_rename` AFTER UPDATE OF name ON `users` WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO users_search (users_search, rowid, name) SELECT 'delete', OLD.id, OLD.name WHERE OLD.deleted_at IS NULL;
  INSERT INTO users_search (rowid, name) SELECT NEW.id, NEW.name WHERE NEW.deleted_at IS NULL;
END;
--> statement-breakpoint
DROP TRIGGER `users_search_delete`;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` WHEN OLD.deleted_at IS NULL BEGIN
  INSERT INTO users_search (users_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
END;
