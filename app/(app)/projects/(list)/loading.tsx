import { HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export default function ProjectsLoading() {
  return (
    <LoadingRegion label="Loading projects">
      <div className="mb-6 flex items-end justify-between gap-4">
        <HeadingSkeleton title="w-36" description="w-80 max-w-full" />
        <Skeleton className="hidden h-10 w-32 sm:block" />
      </div>
      <SkeletonCard className="divide-y divide-stone-200">
        <Repeat count={5}>
          <div className="flex items-center gap-4 p-4">
            <Skeleton className="h-20 w-16 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        </Repeat>
      </SkeletonCard>
    </LoadingRegion>
  );
}
