CREATE TABLE `captcha_uses` (
	`signature` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `captcha_uses_expires_idx` ON `captcha_uses` (`expires_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` integer NOT NULL,
	`target_user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `target_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_target_idx` ON `favorites` (`target_user_id`);--> statement-breakpoint
CREATE TABLE `flowers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`giver_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`manila_day` text NOT NULL,
	`spa_id` integer,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spa_id`) REFERENCES `spas`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flowers_recipient_created_idx` ON `flowers` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `flowers_giver_created_idx` ON `flowers` (`giver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `flowers_giver_day_idx` ON `flowers` (`giver_id`,`manila_day`);--> statement-breakpoint
CREATE INDEX `flowers_created_idx` ON `flowers` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_pending_idx` ON `mail_outbox` (`sent_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `medals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`giver_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`manila_day` text NOT NULL,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `medals_recipient_created_idx` ON `medals` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `medals_giver_created_idx` ON `medals` (`giver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `medals_giver_day_idx` ON `medals` (`giver_id`,`manila_day`);--> statement-breakpoint
CREATE INDEX `medals_created_idx` ON `medals` (`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `red_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`giver_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`manila_day` text NOT NULL,
	`description` text,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `red_flags_recipient_created_idx` ON `red_flags` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `red_flags_giver_created_idx` ON `red_flags` (`giver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `red_flags_giver_day_idx` ON `red_flags` (`giver_id`,`manila_day`);--> statement-breakpoint
CREATE INDEX `red_flags_created_idx` ON `red_flags` (`created_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reviewer_id` integer NOT NULL,
	`target_user_id` integer NOT NULL,
	`review_text` text NOT NULL,
	`ambience_rating` integer,
	`amenities_rating` integer,
	`booking_rating` integer,
	`selection_rating` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reviews_target_created_idx` ON `reviews` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_reviewer_created_idx` ON `reviews` (`reviewer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` blob NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `spas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` integer,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`description` text,
	`phone` text,
	`website` text,
	`amenities` text DEFAULT '[]' NOT NULL,
	`image_url` text,
	`opening_hours` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `spas_owner_idx` ON `spas` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `spas_name_idx` ON `spas` (`name`);--> statement-breakpoint
CREATE TABLE `stars` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`giver_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`manila_day` text NOT NULL,
	`spa_id` integer,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spa_id`) REFERENCES `spas`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stars_recipient_created_idx` ON `stars` (`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stars_giver_created_idx` ON `stars` (`giver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stars_giver_day_idx` ON `stars` (`giver_id`,`manila_day`);--> statement-breakpoint
CREATE INDEX `stars_created_idx` ON `stars` (`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`slug` text NOT NULL,
	`member_number` integer NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`email` text,
	`phone_number` text,
	`address` text,
	`latitude` real,
	`longitude` real,
	`about_me` text,
	`profile_pic` text,
	`profile_pic_thumbnail` text,
	`viber_handle` text,
	`messenger_handle` text,
	`telegram_handle` text,
	`whatsapp_handle` text,
	`instagram_handle` text,
	`tiktok_handle` text,
	`facebook_handle` text,
	`is_premium` integer DEFAULT false NOT NULL,
	`premium_until` integer,
	`trial_started_at` integer,
	`is_banned` integer DEFAULT false NOT NULL,
	`chat_bot` integer DEFAULT false NOT NULL,
	`opening_hours` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_key_unique` ON `users` (`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_slug_unique` ON `users` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_member_number_unique` ON `users` (`member_number`);--> statement-breakpoint
CREATE INDEX `users_role_created_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);