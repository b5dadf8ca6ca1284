CREATE TABLE `favorite_list_items` (
	`list_id` integer NOT NULL,
	`target_user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`list_id`, `target_user_id`),
	FOREIGN KEY (`list_id`) REFERENCES `favorite_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorite_list_items_target_idx` ON `favorite_list_items` (`target_user_id`);--> statement-breakpoint
CREATE TABLE `favorite_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorite_lists_user_name_unique` ON `favorite_lists` (`user_id`,`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `favorite_lists_user_default_unique` ON `favorite_lists` (`user_id`) WHERE "favorite_lists"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`checkout_id` text,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `premium_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`plan` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`period_days` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`apply_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `premium_checkouts_user_idx` ON `premium_checkouts` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `body_html` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `kind` text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `failed_at` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `provider_message_id` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`sent_at`,`failed_at`,`next_attempt_at`);