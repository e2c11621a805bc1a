import { BreadcrumbSkeleton, LoadingRegion, Skeleton } from "@/components/ui/skeletons";

export default function CardLoading() {
  return (
    <LoadingRegion label="Loading card">
      <BreadcrumbSkeleton className="h-5 w-24" />
      <div className="grid gap-8 lg:grid-cols-5">
        <Skeleton className="aspect-[5/6] rounded-2xl lg:col-span-3" />
        <div className="space-y-4 lg:col-span-2">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-20" />
          <Skeleton className="h-80 rounded-xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}
