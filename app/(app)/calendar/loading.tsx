import { HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonStack } from "@/components/ui/skeletons";

export default function CalendarLoading() {
  return (
    <LoadingRegion busy label="Loading the calendar">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <HeadingSkeleton eyebrow="w-20" title="w-48" description="w-72" />
        <div className="flex gap-2">
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
      <div className="hidden lg:block">
        <Skeleton className="mb-3 h-5 w-2/3" />
        <div className="grid grid-cols-7 gap-px overflow-hidden rounded-xl border border-stone-200 bg-stone-200">
          <Repeat count={35}>
            <div className="h-28 bg-white p-2">
              <Skeleton className="h-5 w-5 rounded-full" />
            </div>
          </Repeat>
        </div>
      </div>
      <SkeletonStack count={4} className="space-y-4 lg:hidden" item="h-28 w-full rounded-xl" />
    </LoadingRegion>
  );
}
