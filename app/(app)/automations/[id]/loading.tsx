import { Skeleton } from "@/components/ui/feedback";

export default function AutomationLoading() {
  return (
    <div role="status" aria-label="Loading the automation">
      <Skeleton className="mb-4 h-4 w-28" />
      <Skeleton className="mb-6 h-8 w-64 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-[36rem] rounded-xl lg:col-span-3" />
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
