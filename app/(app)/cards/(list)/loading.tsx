import { Skeleton } from "@/components/ui/feedback";

export default function CardsLoading() {
  return (
    <div role="status" aria-label="Loading cards">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-28" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <Skeleton className="h-16 sm:w-56" />
        <Skeleton className="h-16 sm:w-56" />
      </div>
      <div className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="space-y-3">
            <Skeleton className="aspect-[5/7] rounded-xl" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        ))}
      </div>
    </div>
  );
}
