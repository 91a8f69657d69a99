CREATE TABLE `employee_pay` (
	`employee_id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`payroll_id` text,
	`contracted_weekly_minutes` integer,
	`hourly_rate_pence` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employee_pay_location_payroll_id` ON `employee_pay` (`location_id`,`payroll_id`);--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `daily_overtime_after_minutes` integer;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `weekly_overtime_after_minutes` integer;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `overtime_multiplier` real DEFAULT 1.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `premium_days` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `premium_multiplier` real DEFAULT 1.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `bank_holiday_region` text DEFAULT 'england-and-wales' NOT NULL;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `rounding_minutes` integer;--> statement-breakpoint
ALTER TABLE `pay_rules` ADD `pay_codes` text;