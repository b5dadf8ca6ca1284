CREATE TABLE `ai_assist_uses` (
	`user_id` integer NOT NULL,
	`manila_day` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `manila_day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `slug_history` (
	`slug` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slug_history_user_idx` ON `slug_history` (`user_id`);