CREATE INDEX `flowers_spa_idx` ON `flowers` (`spa_id`);--> statement-breakpoint
CREATE INDEX `stars_spa_idx` ON `stars` (`spa_id`);