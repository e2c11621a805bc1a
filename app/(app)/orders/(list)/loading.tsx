import { HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export default function OrdersLoading() {
  return (
    <LoadingRegion busy label="Loading your orders">
      <HeadingSkeleton className="mb-6" title="w-32" description="w-full max-w-md" />
      <div className="space-y-3">
        <Repeat count={4}>
          <SkeletonCard className="p-5">
            <div className="flex justify-between gap-4">
              <div className="space-y-2">
                <Skeleton className="h-5 w-28" />
                <Skeleton className="h-4 w-36" />
              </div>
              <div className="space-y-2">
                <Skeleton className="h-5 w-16" />
                <Skeleton className="h-4 w-14" />
              </div>
            </div>
            <Skeleton className="mt-4 h-5 w-48" />
          </SkeletonCard>
        </Repeat>
      </div>
    </LoadingRegion>
  );
}
