CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer,
	`target_label` text,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_idx` ON `admin_audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` integer,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_review_reporter_unique` ON `review_reports` (`review_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `review_reports_state_idx` ON `review_reports` (`state`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_red_flag_disputes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`red_flag_id` integer,
	`user_id` integer NOT NULL,
	`statement` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolved_by` integer,
	FOREIGN KEY (`red_flag_id`) REFERENCES `red_flags`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_red_flag_disputes`("id", "red_flag_id", "user_id", "statement", "state", "created_at", "resolved_at", "resolved_by") SELECT "id", "red_flag_id", "user_id", "statement", "state", "created_at", "resolved_at", "resolved_by" FROM `red_flag_disputes`;--> statement-breakpoint
DROP TABLE `red_flag_disputes`;--> statement-breakpoint
ALTER TABLE `__new_red_flag_disputes` RENAME TO `red_flag_disputes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `red_flag_disputes_flag_unique` ON `red_flag_disputes` (`red_flag_id`);--> statement-breakpoint
CREATE INDEX `red_flag_disputes_state_idx` ON `red_flag_disputes` (`state`,`created_at`);--> statement-breakpoint
ALTER TABLE `chat_reports` ADD `state` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_reports` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `chat_reports` ADD `resolved_by` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `removed_by` integer;