import { BreadcrumbSkeleton, HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export default function OrderTrackingLoading() {
  return (
    <LoadingRegion busy label="Loading the order">
      <BreadcrumbSkeleton className="h-4 w-24" />
      <HeadingSkeleton className="mb-6" title="w-40" description="w-full max-w-sm">
        <Skeleton className="h-5 w-40" />
      </HeadingSkeleton>
      <SkeletonCard className="p-5">
        <div className="mb-5 flex items-center gap-4 border-b border-stone-200 pb-4">
          <Skeleton className="h-14 w-14" />
          <div className="space-y-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-28" />
          </div>
        </div>
        <Repeat count={3}>
          <div className="grid gap-4 py-5 md:grid-cols-3">
            <div className="space-y-2">
              <Skeleton className="h-5 w-36" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-40" />
            </div>
            <div className="space-y-2">
              <Skeleton className="h-4 w-44" />
              <Skeleton className="h-3 w-52" />
            </div>
            <Skeleton className="h-5 w-32 md:ml-auto" />
          </div>
        </Repeat>
      </SkeletonCard>
    </LoadingRegion>
  );
}
