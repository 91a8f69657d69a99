CREATE TABLE `location_daily_check_ins` (
	`location_id` text NOT NULL,
	`day` text NOT NULL,
	`check_ins` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`location_id`, `day`),
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `location_daily_check_ins_day_idx` ON `location_daily_check_ins` (`day`);