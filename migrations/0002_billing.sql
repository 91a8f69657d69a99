CREATE TABLE `processed_stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan` text NOT NULL,
	`trial_days` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_checkouts_user_idx` ON `sandbox_checkouts` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `current_period_end` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `cancel_at_period_end` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `past_due_since` integer;--> statement-breakpoint
CREATE INDEX `users_stripe_subscription_idx` ON `users` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `users_stripe_customer_idx` ON `users` (`stripe_customer_id`);