CREATE TABLE `xero_auth_requests` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`member_id` text NOT NULL,
	`verifier_sealed` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `xero_connections` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tenant_id` text,
	`tenant_name` text,
	`tenants` text NOT NULL,
	`refresh_token_sealed` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`access_token_sealed` text NOT NULL,
	`access_expires_at` integer NOT NULL,
	`connected_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `xero_earnings_rates` (
	`user_id` text NOT NULL,
	`pay_element` text NOT NULL,
	`earnings_rate_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `pay_element`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `xero_employee_links` (
	`employee_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`xero_employee_id` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `xero_employee_links_user_idx` ON `xero_employee_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `xero_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`location_id` text NOT NULL,
	`period_key` text NOT NULL,
	`employee_id` text NOT NULL,
	`status` text NOT NULL,
	`xero_timesheet_id` text,
	`lines` text DEFAULT '[]' NOT NULL,
	`error` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `xero_sends_period_employee` ON `xero_sends` (`location_id`,`period_key`,`employee_id`);--> statement-breakpoint
CREATE INDEX `xero_sends_user_idx` ON `xero_sends` (`user_id`);