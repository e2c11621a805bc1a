import { HeadingSkeleton, LoadingRegion, Repeat, Skeleton } from "@/components/ui/skeletons";

export default function CardsLoading() {
  return (
    <LoadingRegion label="Loading cards">
      <HeadingSkeleton className="mb-6" title="w-28" description="w-96 max-w-full" />
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <Skeleton className="h-16 sm:w-56" />
        <Skeleton className="h-16 sm:w-56" />
      </div>
      <div className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
        <Repeat count={8}>
          <div className="space-y-3">
            <Skeleton className="aspect-[5/7] rounded-xl" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </Repeat>
      </div>
    </LoadingRegion>
  );
}
