ALTER TABLE `users` ADD `name_skeleton` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_name_skeleton_unique` ON `users` (`name_skeleton`);