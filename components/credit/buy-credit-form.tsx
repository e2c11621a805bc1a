"use client";

import Link from "next/link";
import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { demoTopUpAction, startCheckoutAction } from "@/app/(app)/account/credit/actions";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Alert, Badge } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { dollarsToCents, formatMoney } from "@/lib/money";

type Choice = "25" | "50" | "100" | "custom";

const PACKS: { value: Choice; label: string }[] = [
  { value: "25", label: "$25" },
  { value: "50", label: "$50" },
  { value: "100", label: "$100" },
  { value: "custom", label: "Other amount" },
];

type Props = {
  /** Stripe Checkout is set up: "Continue to payment". */
  stripe: boolean;
  /** DEMO_PAYMENTS: the instant demo top-up. */
  demo: boolean;
  /** Where the user came from (a checkout), offered once credit was added. */
  returnTo?: { href: string; label: string };
};

type Result = { tone: "error" } | { tone: "success"; amountCents: number; balanceCents: number };

/** The amount the buttons name, once the choice is a valid one. */
function chosenCents(choice: Choice, custom: string): number | undefined {
  if (choice !== "custom") return Number(choice) * 100;
  const cents = dollarsToCents(custom);
  return cents !== undefined && cents >= 1000 && cents <= 100_000 ? cents : undefined;
}

/** Packs of $25, $50 and $100 or an amount of one's own, bought by card (Stripe) or as a demo top-up. */
export function BuyCreditForm({ stripe, demo, returnTo }: Props) {
  const legendId = useId();
  const [choice, setChoice] = useState<Choice>("50");
  const [custom, setCustom] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [pending, startTransition] = useTransition();
  const [redirecting, setRedirecting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cents = chosenCents(choice, custom);
  const amountWords = cents === undefined ? "" : ` ${formatMoney(cents)}`;

  function submit(via: "stripe" | "demo") {
    const input = { pack: choice, custom_amount: choice === "custom" ? custom : undefined };
    setMessage(null);
    setResult(null);
    startTransition(async () => {
      const answer = via === "stripe" ? await startCheckoutAction(input) : await demoTopUpAction(input);
      if (answer.ok) {
        setErrors({});
        if ("url" in answer.data) {
          setRedirecting(true);
          window.location.assign(answer.data.url);
          return;
        }
        setResult({ tone: "success", ...answer.data });
        return;
      }
      const fieldErrors = answer.fieldErrors ?? {};
      setErrors(fieldErrors);
      setMessage(Object.keys(fieldErrors).length > 0 ? null : answer.message);
      setResult({ tone: "error" });
      if (fieldErrors.custom_amount) formRef.current?.querySelector<HTMLInputElement>('[name="custom_amount"]')?.focus();
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(stripe ? "stripe" : "demo");
  }

  const busy = pending || redirecting;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Add credit" className="space-y-5">
      <fieldset aria-describedby={errors.pack ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-sm font-medium text-stone-700">
          How much credit?
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {PACKS.map((pack) => (
            <label
              key={pack.value}
              className={cn(
                "flex cursor-pointer items-center justify-center rounded-lg border px-3 py-3 text-center text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600",
                choice === pack.value ? "border-rose-700 bg-rose-50 text-rose-800" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50",
              )}
            >
              <input
                type="radio"
                name="pack"
                value={pack.value}
                checked={choice === pack.value}
                onChange={() => setChoice(pack.value)}
                className="sr-only"
              />
              {pack.label}
            </label>
          ))}
        </div>
        {errors.pack ? (
          <p id={`${legendId}-error`} className="mt-1 text-sm text-red-700">
            {errors.pack[0]}
          </p>
        ) : null}
      </fieldset>

      {choice === "custom" ? (
        <TextField
          label="Amount in dollars"
          name="custom_amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="40.00"
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          required
          requiredAs="aria"
          error={errors.custom_amount}
          hint="From $10 to $1,000."
          className="max-w-xs"
        />
      ) : null}

      {message ? <Alert>{message}</Alert> : null}
      {result?.tone === "success" ? (
        <Alert tone="success">
          Added {formatMoney(result.amountCents)} as a demo top-up. Your balance is now <strong>{formatMoney(result.balanceCents)}</strong>.
          {returnTo ? (
            <>
              {" "}
              <Link href={returnTo.href} className="font-medium underline hover:no-underline">
                {returnTo.label}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}

      {stripe ? (
        <div className="space-y-2">
          <Button type="submit" disabled={busy}>
            {redirecting ? "Opening the payment page…" : pending ? "Please wait…" : `Continue to payment${amountWords}`}
          </Button>
          <p className="text-xs text-stone-500">You pay on Stripe&apos;s secure page. The credit is added as soon as Stripe confirms the payment.</p>
        </div>
      ) : null}

      {demo ? (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="amber">Demo</Badge>
            <p className="text-sm font-medium text-amber-950">Demo top-up: no payment is taken.</p>
          </div>
          <p className="text-sm text-amber-950">This server runs in demo mode, so credit can be added at once for trying Cardmail out.</p>
          <Button type={stripe ? "button" : "submit"} variant={stripe ? "secondary" : "primary"} disabled={busy} onClick={stripe ? () => submit("demo") : undefined}>
            {pending && !stripe ? "Adding…" : `Add${amountWords} as a demo top-up`}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
