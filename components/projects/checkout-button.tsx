"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { checkoutProjectAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/field";
import { longDate } from "@/components/ui/format";

type Props = {
  projectUuid: string;
  totalCents: number;
  totalLabel: string;
  disabled?: boolean;
  /** `YYYY-MM-DD` bounds of a chosen delivery date, and the date "as soon as possible" means. */
  earliestDate: string;
  latestDate: string;
  /** A date carried from the calendar: preselects "On a date". */
  initialDate?: string;
};

/** Chooses when the cards arrive and places the order; on success the action opens the order's tracking page. */
export function CheckoutButton({ projectUuid, totalCents, totalLabel, disabled, earliestDate, latestDate, initialDate }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string[] | undefined>();
  const [when, setWhen] = useState<"soon" | "date">(initialDate ? "date" : "soon");
  const [date, setDate] = useState(initialDate ?? earliestDate);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const legendId = useId();

  const confirm = () =>
    startTransition(async () => {
      setProblem(null);
      setDateError(undefined);
      const result = await checkoutProjectAction({
        project_uuid: projectUuid,
        expected_total_cents: totalCents,
        ...(when === "date" ? { delivery_date: date } : {}),
      });
      if (result && !result.ok) {
        setProblem(result.message);
        setDateError(result.fieldErrors?.delivery_date);
        // Credit or recipients changed since the page loaded: show today's numbers.
        if (!result.fieldErrors?.delivery_date) router.refresh();
      }
    });

  return (
    <div className="space-y-4">
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-sm font-medium text-stone-900">
          When should the cards arrive?
        </legend>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input type="radio" name="when" value="soon" checked={when === "soon"} onChange={() => setWhen("soon")} className="mt-0.5 accent-rose-700" />
          <span>
            As soon as possible <span className="text-stone-600">(arrives {longDate(`${earliestDate}T00:00:00Z`)})</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input type="radio" name="when" value="date" checked={when === "date"} onChange={() => setWhen("date")} className="mt-0.5 accent-rose-700" />
          <span>On a date I choose</span>
        </label>
        {when === "date" ? (
          <TextField
            label="Delivery date"
            type="date"
            name="delivery_date"
            value={date}
            min={earliestDate}
            max={latestDate}
            onChange={(event) => setDate(event.target.value)}
            error={dateError}
            hint="Printing starts 7 days before. Your credit is charged today; you can cancel until printing starts."
            className="pl-6"
          />
        ) : null}
      </fieldset>
      {problem ? (
        <Alert>
          <p>{problem}</p>
          {/more credit/.test(problem) ? (
            <p className="mt-1">
              <Link href={`/account/credit?return=/projects/${projectUuid}/checkout`} className="font-medium underline hover:no-underline">
                Add credit to your account
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <Button onClick={confirm} disabled={disabled || pending} className="w-full sm:w-auto">
        {pending ? "Placing order…" : `Confirm and pay ${totalLabel}`}
      </Button>
    </div>
  );
}
