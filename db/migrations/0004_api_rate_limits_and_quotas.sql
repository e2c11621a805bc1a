CREATE TABLE "api_rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_created_idx" ON "idempotency_keys" USING btree ("user_id","created_at");