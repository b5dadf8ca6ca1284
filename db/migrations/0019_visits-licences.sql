CREATE TABLE `licences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`number` text NOT NULL,
	`issued_by` text NOT NULL,
	`expires_on` text NOT NULL,
	`document_key` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	`decided_by` integer,
	`expiry_notice_sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `licences_user_created_idx` ON `licences` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `licences_user_state_expires_idx` ON `licences` (`user_id`,`state`,`expires_on`);--> statement-breakpoint
CREATE INDEX `licences_state_created_idx` ON `licences` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `licences_state_expires_idx` ON `licences` (`state`,`expires_on`);--> statement-breakpoint
CREATE TABLE `visit_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`spa_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`spa_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `visit_codes_spa_expires_idx` ON `visit_codes` (`spa_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `visit_codes_expires_idx` ON `visit_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`spa_id` integer NOT NULL,
	`therapist_id` integer,
	`visited_at` integer NOT NULL,
	`manila_day` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spa_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`therapist_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visits_client_spa_day_unique` ON `visits` (`client_id`,`spa_id`,`manila_day`);--> statement-breakpoint
CREATE INDEX `visits_client_spa_visited_idx` ON `visits` (`client_id`,`spa_id`,`visited_at`);--> statement-breakpoint
CREATE INDEX `visits_client_therapist_visited_idx` ON `visits` (`client_id`,`therapist_id`,`visited_at`);--> statement-breakpoint
CREATE INDEX `visits_client_visited_idx` ON `visits` (`client_id`,`visited_at`);--> statement-breakpoint
CREATE INDEX `visits_spa_visited_idx` ON `visits` (`spa_id`,`visited_at`);