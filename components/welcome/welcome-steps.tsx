import { cn } from "@/components/ui/cn";

const STEPS = ["Your return address", "Credit for your cards"] as const;

/**
 * Where the new account is in the steps after sign-up. A step behind is ticked only when it
 * was done: skipping the return address leaves it unticked.
 */
export function WelcomeSteps({ current, done = [] }: { current: 1 | 2; done?: number[] }) {
  return (
    <ol aria-label="Getting started" className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const isCurrent = step === current;
        const isDone = step < current && done.includes(step);
        return (
          <li key={label} aria-current={isCurrent ? "step" : undefined} className={cn("flex items-center gap-2", isCurrent ? "font-semibold text-stone-900" : "text-stone-600")}>
            <span
              aria-hidden="true"
              className={cn("grid h-6 w-6 place-items-center rounded-full text-xs", isCurrent ? "bg-rose-700 text-white" : isDone ? "bg-emerald-600 text-white" : "bg-stone-200 text-stone-700")}
            >
              {isDone ? "✓" : step}
            </span>
            <span>
              <span className="sr-only">Step {step} of {STEPS.length}: </span>
              {label}
              {isDone ? <span className="sr-only"> (done)</span> : step < current ? <span className="sr-only"> (skipped)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
