ALTER TABLE `kiosk_pairing_codes` ADD `actor_id` text;--> statement-breakpoint
ALTER TABLE `kiosk_pairing_codes` ADD `actor_name` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_name` text;