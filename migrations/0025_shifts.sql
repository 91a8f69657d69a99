CREATE TABLE `unavailable_times` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`from_minute` integer,
	`to_minute` integer,
	`note` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unavailable_times_employee_idx` ON `unavailable_times` (`employee_id`,`weekday`);--> statement-breakpoint
ALTER TABLE `location_settings` ADD `auto_approve_claims` integer DEFAULT false NOT NULL;