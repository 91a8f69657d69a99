CREATE TABLE `shift_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`employee_id` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`break_minutes` integer NOT NULL,
	`role` text,
	`notes` text,
	`published_by` text,
	`published_by_name` text,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shift_imports_location_idx` ON `shift_imports` (`location_id`);