CREATE TABLE "print_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"piece_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_recipients" ADD COLUMN "print_batch_id" integer;--> statement-breakpoint
ALTER TABLE "order_recipients" ADD CONSTRAINT "order_recipients_print_batch_id_print_batches_id_fk" FOREIGN KEY ("print_batch_id") REFERENCES "public"."print_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_recipients_print_batch_idx" ON "order_recipients" USING btree ("print_batch_id");