CREATE TABLE `staff_passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`employee_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_passkey_challenges_expires_idx` ON `staff_passkey_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `staff_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`credential_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_passkeys_credential_id_unique` ON `staff_passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `staff_passkeys_employee_idx` ON `staff_passkeys` (`employee_id`);--> statement-breakpoint
ALTER TABLE `employees` ADD `staff_app_invited_at` integer;