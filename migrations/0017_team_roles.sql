CREATE TABLE `member_locations` (
	`member_id` text NOT NULL,
	`location_id` text NOT NULL,
	PRIMARY KEY(`member_id`, `location_id`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_locations_location_idx` ON `member_locations` (`location_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `account_id` text REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'owner';--> statement-breakpoint
ALTER TABLE `users` ADD `may_approve_pay` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `users_account_idx` ON `users` (`account_id`) WHERE account_id IS NOT NULL;