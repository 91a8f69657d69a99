CREATE TABLE `pay_rules` (
	`location_id` text PRIMARY KEY NOT NULL,
	`pay_frequency` text DEFAULT 'weekly' NOT NULL,
	`pay_anchor_date` text DEFAULT '2025-09-01' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
