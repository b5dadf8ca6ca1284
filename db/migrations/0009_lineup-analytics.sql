CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_seen` (
	`mark` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_seen_day_idx` ON `analytics_seen` (`day`);--> statement-breakpoint
CREATE TABLE `lineup_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`spa_id` integer NOT NULL,
	`therapist_id` integer NOT NULL,
	`state` text DEFAULT 'invited' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`responded_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`spa_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`therapist_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lineup_links_open_unique` ON `lineup_links` (`spa_id`,`therapist_id`) WHERE "lineup_links"."state" in ('invited', 'accepted');--> statement-breakpoint
CREATE INDEX `lineup_links_spa_idx` ON `lineup_links` (`spa_id`,`state`,`therapist_id`);--> statement-breakpoint
CREATE INDEX `lineup_links_therapist_idx` ON `lineup_links` (`therapist_id`,`state`,`spa_id`);--> statement-breakpoint
CREATE TABLE `spa_daily_counts` (
	`spa_id` integer NOT NULL,
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`spa_id`, `day`, `metric`),
	FOREIGN KEY (`spa_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
