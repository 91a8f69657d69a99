CREATE TABLE `ai_queries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_queries_created_idx` ON `ai_queries` (`created_at`);--> statement-breakpoint
CREATE INDEX `ai_queries_user_idx` ON `ai_queries` (`user_id`);--> statement-breakpoint
CREATE TABLE `super_admin_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_username` text NOT NULL,
	`target_user_id` text NOT NULL,
	`action` text NOT NULL,
	`before_json` text,
	`after_json` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `super_admin_audit_target_idx` ON `super_admin_audit` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `super_admin_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer NOT NULL
);
