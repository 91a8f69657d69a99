ALTER TABLE `location_settings` ADD `weekly_rest_fortnightly` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `young_night_sector` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `location_settings` ADD `young_contract_after_22` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `average_reference_start` text;