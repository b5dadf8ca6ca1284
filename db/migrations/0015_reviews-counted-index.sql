-- The reviews that count (not removed), covering the review count, the rating and the Top Spas board's clients who
-- rated: a spa with thousands of reviews is read from this index alone.
CREATE INDEX `reviews_counted_ratings_idx` ON `reviews` (`target_user_id`,`removed_at`,`created_at`,`ambience_rating`,`amenities_rating`,`booking_rating`,`selection_rating`);