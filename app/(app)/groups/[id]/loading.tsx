import { Skeleton } from "@/components/ui/feedback";

export default function GroupLoading() {
  return (
    <div role="status" aria-label="Loading the group">
      <Skeleton className="mb-4 h-4 w-20" />
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 lg:col-span-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-80 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
