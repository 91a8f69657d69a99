CREATE TABLE `account_purges` (
	`id` text PRIMARY KEY NOT NULL,
	`closed_at` integer NOT NULL,
	`purged_at` integer NOT NULL,
	`locations` integer NOT NULL,
	`rows_deleted` integer NOT NULL,
	`objects_deleted` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `signup_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `users_closed_idx` ON `users` (`closed_at`) WHERE closed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `super_admin_sessions_expires_idx` ON `super_admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `verification_codes_expires_idx` ON `verification_codes` (`expires_at`);