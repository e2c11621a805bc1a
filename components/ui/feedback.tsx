import type { ReactNode } from "react";
import { cn } from "./cn";

export function Alert({ tone = "error", children, className }: { tone?: "error" | "success" | "info"; children: ReactNode; className?: string }) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    info: "border-sky-200 bg-sky-50 text-sky-900",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}>
      {children}
    </div>
  );
}

/** What came of the last thing the user did in a panel: "Added to Family." or why it failed. */
export type Notice = { tone: "error" | "success"; text: string };

export function NoticeAlert({ notice }: { notice: Notice | null }) {
  return notice ? (
    <Alert tone={notice.tone} className="py-2">
      {notice.text}
    </Alert>
  ) : null;
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h2 className="text-base font-semibold text-stone-900">{title}</h2>
      {children ? <div className="mx-auto mt-2 max-w-md text-sm text-stone-600">{children}</div> : null}
      {action ? <div className="mt-6 flex justify-center gap-3">{action}</div> : null}
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-stone-200", className)} />;
}

export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: "neutral" | "green" | "amber" | "red" | "blue" | "rose" }) {
  const tones = {
    neutral: "bg-stone-100 text-stone-700",
    green: "bg-emerald-100 text-emerald-800",
    amber: "bg-amber-100 text-amber-900",
    red: "bg-red-100 text-red-800",
    blue: "bg-sky-100 text-sky-800",
    rose: "bg-rose-100 text-rose-800",
  };
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium", tones[tone])}>{children}</span>;
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Panel({ title, children, className, actions }: { title?: string; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={cn("rounded-xl border border-stone-200 bg-white p-5 shadow-sm", className)} aria-label={title}>
      {title ? (
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-stone-900">{title}</h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
