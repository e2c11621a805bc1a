"use client";

import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { grantCreditAction } from "@/app/(admin)/admin/actions";
import { Button } from "@/components/ui/button";
import { Alert, type Notice } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import { useDisclosureFocus } from "@/components/ui/use-disclosure-focus";
import type { FieldErrors } from "@/lib/errors";
import { formatMoney } from "@/lib/money";

/**
 * A disclosure in a user's row: adds credit, or takes some back with a negative amount. Every
 * change is a ledger row. Renders two grid items: the toggle and, when open, a full-width form.
 */
export function GrantCreditForm({ userId, email }: { userId: number; email: string }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDisclosureFocus(open, () => formRef.current?.querySelector<HTMLInputElement>('[name="amount"]')?.focus(), toggleRef);

  function close() {
    setOpen(false);
    setErrors({});
    setMessage(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get("amount") ?? "");
    const note = String(data.get("note") ?? "");
    startTransition(async () => {
      const result = await grantCreditAction({ user_id: userId, amount, note });
      if (result.ok) {
        const { kind, amountCents, balanceAfterCents, id } = result.data;
        setErrors({});
        setMessage({
          tone: "success",
          text: `${kind === "grant" ? "Granted" : "Took back"} ${formatMoney(Math.abs(amountCents))}. The balance is now ${formatMoney(balanceAfterCents)} (ledger entry #${id}).`,
        });
        form.reset();
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      // Field messages sit under their fields; only an error without a field needs the banner.
      setMessage(Object.keys(fieldErrors).length > 0 ? null : { tone: "error", text: result.message });
      const first = ["amount", "note"].find((name) => fieldErrors[name]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    });
  }

  return (
    <>
      <div className="sm:text-right">
        <Button
          ref={toggleRef}
          variant="secondary"
          size="sm"
          onClick={() => (open ? close() : setOpen(true))}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          aria-label={`Grant credit to ${email}`}
        >
          Grant credit
        </Button>
      </div>
      {open ? (
        <form
          id={formId}
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          aria-label={`Credit change for ${email}`}
          className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:col-span-2"
          onKeyDown={(event) => event.key === "Escape" && !pending && close()}
        >
          <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <TextField
              label="Amount in dollars"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="25.00"
              required
              error={errors.amount}
              hint="A negative amount takes credit back."
            />
            <TextField label="Note" name="note" autoComplete="off" placeholder="Why, for the ledger" required maxLength={500} error={errors.note} />
          </div>
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={pending}>
              {pending ? "Saving…" : "Save credit change"}
            </Button>
            <Button variant="ghost" size="sm" onClick={close} disabled={pending}>
              {message?.tone === "success" ? "Done" : "Cancel"}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}
