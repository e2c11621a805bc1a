ALTER TABLE "automation_runs" DROP CONSTRAINT "automation_runs_reason_check";--> statement-breakpoint
DROP INDEX "automation_runs_skipped_day_key";--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "households_merged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_skipped_day_key" ON "automation_runs" USING btree ("automation_id","run_day") WHERE "automation_runs"."status" = 'skipped' and "automation_runs"."reason" <> 'skipped_on_activation';--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_reason_check" CHECK ("automation_runs"."reason" is null or "automation_runs"."reason" in ('insufficient_credit', 'card_unavailable', 'skipped_on_activation'));