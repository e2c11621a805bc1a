import { Skeleton } from "@/components/ui/feedback";

export function ContactFormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton className="mb-4 h-4 w-24" />
      <Skeleton className="mb-6 h-8 w-56" />
      <div className="rounded-xl border border-stone-200 bg-white">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="grid gap-4 border-b border-stone-200 px-6 py-6 md:grid-cols-3 md:gap-8">
            <Skeleton className="h-5 w-28" />
            <div className="grid gap-4 sm:grid-cols-2 md:col-span-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
