CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_success_at` integer,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_employee_idx` ON `push_subscriptions` (`employee_id`);--> statement-breakpoint
ALTER TABLE `location_settings` ADD `phone_clock_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `site_latitude` real;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `site_longitude` real;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `phone_radius_metres` integer DEFAULT 150 NOT NULL;