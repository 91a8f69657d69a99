ALTER TABLE `users` ADD `holiday_year_start` text;--> statement-breakpoint
ALTER TABLE `users` ADD `holiday_carry_over_weeks` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `bank_holidays_from_leave` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `employment_start_date` text;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `employment_end_date` text;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `working_days_per_week` real;