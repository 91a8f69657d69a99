CREATE TABLE `kiosk_pairing_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kiosk_pairing_codes_location_idx` ON `kiosk_pairing_codes` (`location_id`);--> statement-breakpoint
CREATE INDEX `kiosk_pairing_codes_expires_idx` ON `kiosk_pairing_codes` (`expires_at`);