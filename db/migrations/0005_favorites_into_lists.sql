-- Saved members move from the one flat favourites table into each member's default list ("Favorites").
INSERT INTO `favorite_lists` (`user_id`, `name`, `name_key`, `is_default`, `created_at`)
SELECT `user_id`, 'Favorites', 'favorites', 1, min(`created_at`) FROM `favorites` GROUP BY `user_id`;--> statement-breakpoint
INSERT INTO `favorite_list_items` (`list_id`, `target_user_id`, `created_at`)
SELECT l.`id`, f.`target_user_id`, f.`created_at` FROM `favorites` f
JOIN `favorite_lists` l ON l.`user_id` = f.`user_id` AND l.`is_default` = 1;--> statement-breakpoint
DROP TABLE `favorites`;
