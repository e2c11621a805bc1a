import type { ReactNode } from "react";

/** A not-found page inside the signed-in shell: what happened, in words, and a way back. */
export function NotFoundPanel({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm">
      <p className="text-sm font-medium text-rose-700">Not found</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
      <div className="mt-3 text-sm text-stone-600">{children}</div>
      <div className="mt-6 flex justify-center">{action}</div>
    </div>
  );
}
