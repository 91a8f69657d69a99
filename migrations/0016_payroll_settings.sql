ALTER TABLE `users` ADD `payroll_codes` text;--> statement-breakpoint
ALTER TABLE `users` ADD `rolled_up_holiday_pay` integer DEFAULT false NOT NULL;