import { BreadcrumbSkeleton, LoadingRegion, Skeleton } from "@/components/ui/skeletons";

export default function AutomationLoading() {
  return (
    <LoadingRegion label="Loading the automation">
      <BreadcrumbSkeleton className="h-4 w-28" />
      <Skeleton className="mb-6 h-8 w-64 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-[36rem] rounded-xl lg:col-span-3" />
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}
