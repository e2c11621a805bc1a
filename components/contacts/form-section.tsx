import type { ReactNode } from "react";

/** A titled block of the contact form: its heading on the left, its fields on the right. */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-4 border-b border-stone-200 px-5 py-6 last-of-type:border-b-0 sm:px-6 md:grid-cols-3 md:gap-8">
      <div>
        <h2 id={id} className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-stone-500">{description}</p> : null}
      </div>
      <div className="md:col-span-2">{children}</div>
    </section>
  );
}
