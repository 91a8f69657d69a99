CREATE TABLE `rota_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`name` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`break_minutes` integer NOT NULL,
	`role` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rota_templates_location_idx` ON `rota_templates` (`location_id`);--> statement-breakpoint
ALTER TABLE `location_settings` ADD `late_grace_minutes` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `no_show_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `pay_to_rota` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `employees` ADD `email` text;--> statement-breakpoint
CREATE INDEX `employees_email_idx` ON `employees` (`email`);