"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { checkoutProjectAction } from "@/app/(app)/projects/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";

type Props = { projectUuid: string; totalCents: number; totalLabel: string; disabled?: boolean };

/** Places the order; on success the action opens the order's tracking page. */
export function CheckoutButton({ projectUuid, totalCents, totalLabel, disabled }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  const confirm = () =>
    startTransition(async () => {
      setProblem(null);
      const result = await checkoutProjectAction({ project_uuid: projectUuid, expected_total_cents: totalCents });
      if (result && !result.ok) {
        setProblem(result.message);
        // Credit or recipients changed since the page loaded: show today's numbers.
        router.refresh();
      }
    });

  return (
    <div className="space-y-3">
      {problem ? (
        <Alert>
          <p>{problem}</p>
          {/more credit/.test(problem) ? (
            <p className="mt-1">
              <Link href="/account" className="font-medium underline hover:no-underline">
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
