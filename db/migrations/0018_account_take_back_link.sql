ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_email_change_check";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password_reset', 'email_change', 'email_revert'));--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_email_change_check" CHECK (("account_tokens"."purpose" in ('email_change', 'email_revert')) = ("account_tokens"."new_email" is not null));