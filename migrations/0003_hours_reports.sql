CREATE TABLE `employee_break_overrides` (
	`employee_id` text PRIMARY KEY NOT NULL,
	`custom_break_minutes` integer NOT NULL,
	`custom_work_hours` real NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `location_settings` (
	`location_id` text PRIMARY KEY NOT NULL,
	`button_shape` text DEFAULT 'rectangle' NOT NULL,
	`background_theme` text DEFAULT 'white' NOT NULL,
	`logo_key` text,
	`logo_filename` text,
	`logo_content_type` text,
	`only_paired_kiosks` integer DEFAULT false NOT NULL,
	`workday_hours` real DEFAULT 8 NOT NULL,
	`workday_start_time` text DEFAULT '09:00' NOT NULL,
	`workday_end_time` text DEFAULT '17:00' NOT NULL,
	`standard_break_minutes` integer DEFAULT 30 NOT NULL,
	`break_deduction_enabled` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `weekly_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`kind` text NOT NULL,
	`period` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`r2_key` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weekly_reports_location_period_unique` ON `weekly_reports` (`location_id`,`period`);--> statement-breakpoint
CREATE INDEX `weekly_reports_location_created_idx` ON `weekly_reports` (`location_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `attendance_sessions_long_or_open_idx` ON `attendance_sessions` (`location_id`,`check_in_at`) WHERE check_out_at IS NULL OR check_out_at - check_in_at > 86400000;