ALTER TABLE `employee_pay` ADD `date_of_birth` text;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `irregular_hours` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `opt_out_signed` text;--> statement-breakpoint
ALTER TABLE `employee_pay` ADD `opt_out_withdrawn` text;--> statement-breakpoint
ALTER TABLE `users` ADD `legal_hold_until` integer;