ALTER TABLE `employee_pay` ADD `apprenticeship_start` text;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `accommodation_days_per_week` integer;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `accommodation_weekly_charge_pence` integer;