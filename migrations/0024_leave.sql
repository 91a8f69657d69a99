CREATE TABLE `leave_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`type` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`half_day` text,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`uses` real NOT NULL,
	`unit` text NOT NULL,
	`decided_by_id` text,
	`decided_by_name` text,
	`decided_at` integer,
	`decision_note` text,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leave_requests_location_idx` ON `leave_requests` (`location_id`,`status`);--> statement-breakpoint
CREATE INDEX `leave_requests_employee_idx` ON `leave_requests` (`employee_id`,`start_date`);--> statement-breakpoint
ALTER TABLE `users` ADD `allow_holiday_beyond_balance` integer DEFAULT false NOT NULL;