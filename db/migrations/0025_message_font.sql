ALTER TABLE "projects" ADD COLUMN "message_font" text DEFAULT 'lora' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "message_font" text DEFAULT 'lora' NOT NULL;