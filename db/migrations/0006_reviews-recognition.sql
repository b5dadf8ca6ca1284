CREATE TABLE `board_totals` (
	`board` text NOT NULL,
	`window` text NOT NULL,
	`member_id` integer NOT NULL,
	`points` integer NOT NULL,
	PRIMARY KEY(`board`, `window`, `member_id`)
);
--> statement-breakpoint
CREATE INDEX `board_totals_rank_idx` ON `board_totals` (`board`,`window`,"points" desc,`member_id`);--> statement-breakpoint
CREATE TABLE `board_watermarks` (
	`window` text PRIMARY KEY NOT NULL,
	`expired_before` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `red_flag_disputes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`red_flag_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`statement` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` integer,
	FOREIGN KEY (`red_flag_id`) REFERENCES `red_flags`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `red_flag_disputes_flag_unique` ON `red_flag_disputes` (`red_flag_id`);--> statement-breakpoint
CREATE INDEX `red_flag_disputes_state_idx` ON `red_flag_disputes` (`state`,`created_at`);--> statement-breakpoint
DROP INDEX `flowers_recipient_created_idx`;--> statement-breakpoint
DROP INDEX `flowers_giver_created_idx`;--> statement-breakpoint
ALTER TABLE `flowers` ADD `counted` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `flowers_recipient_created_idx` ON `flowers` (`recipient_id`,`created_at`,`giver_id`,`counted`);--> statement-breakpoint
CREATE INDEX `flowers_giver_created_idx` ON `flowers` (`giver_id`,`created_at`,`recipient_id`,`counted`);--> statement-breakpoint
DROP INDEX `medals_recipient_created_idx`;--> statement-breakpoint
DROP INDEX `medals_giver_created_idx`;--> statement-breakpoint
ALTER TABLE `medals` ADD `counted` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `medals_recipient_created_idx` ON `medals` (`recipient_id`,`created_at`,`giver_id`,`counted`);--> statement-breakpoint
CREATE INDEX `medals_giver_created_idx` ON `medals` (`giver_id`,`created_at`,`recipient_id`,`counted`);--> statement-breakpoint
DROP INDEX `red_flags_recipient_created_idx`;--> statement-breakpoint
DROP INDEX `red_flags_giver_created_idx`;--> statement-breakpoint
ALTER TABLE `red_flags` ADD `counted` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `red_flags_recipient_created_idx` ON `red_flags` (`recipient_id`,`created_at`,`giver_id`,`counted`);--> statement-breakpoint
CREATE INDEX `red_flags_giver_created_idx` ON `red_flags` (`giver_id`,`created_at`,`recipient_id`,`counted`);--> statement-breakpoint
DROP INDEX `stars_recipient_created_idx`;--> statement-breakpoint
DROP INDEX `stars_giver_created_idx`;--> statement-breakpoint
ALTER TABLE `stars` ADD `counted` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `stars_recipient_created_idx` ON `stars` (`recipient_id`,`created_at`,`giver_id`,`counted`);--> statement-breakpoint
CREATE INDEX `stars_giver_created_idx` ON `stars` (`giver_id`,`created_at`,`recipient_id`,`counted`);--> statement-breakpoint
ALTER TABLE `reviews` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `reply_text` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `reply_created_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `reply_updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_reviewer_target_unique` ON `reviews` (`reviewer_id`,`target_user_id`);--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_target_ratings_idx` ON `reviews` (`target_user_id`,`created_at`,`reviewer_id`,`ambience_rating`,`amenities_rating`,`booking_rating`,`selection_rating`);