CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`location_ids` text,
	`prefix` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_by_id` text NOT NULL,
	`created_by_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_hash_unique` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `api_pay_data` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `employees` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows from before the column: last changed, as far as anyone knows, when they were created.
UPDATE `employees` SET `updated_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `employees_updated_idx` ON `employees` (`updated_at`,`id`);