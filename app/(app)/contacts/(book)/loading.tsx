import { HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export default function ContactsLoading() {
  return (
    <LoadingRegion label="Loading contacts">
      <div className="mb-6 flex items-end justify-between gap-4">
        <HeadingSkeleton title="w-40" description="w-72 max-w-full" />
        <Skeleton className="h-10 w-32" />
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="mb-3 h-5 w-48" />
      <SkeletonCard className="divide-y divide-stone-100">
        <Repeat count={8}>
          <div className="grid gap-2 px-5 py-4 lg:grid-cols-12 lg:gap-4">
            <Skeleton className="h-4 w-40 lg:col-span-4" />
            <Skeleton className="h-4 w-52 lg:col-span-3" />
            <Skeleton className="h-4 w-28 lg:col-span-2" />
            <Skeleton className="h-4 w-32 lg:col-span-3" />
          </div>
        </Repeat>
      </SkeletonCard>
    </LoadingRegion>
  );
}
