import { BreadcrumbSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export function ContactFormSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <BreadcrumbSkeleton className="h-4 w-24" />
      <Skeleton className="mb-6 h-8 w-56" />
      <SkeletonCard>
        <Repeat count={4}>
          <div className="grid gap-4 border-b border-stone-200 px-6 py-6 md:grid-cols-3 md:gap-8">
            <Skeleton className="h-5 w-28" />
            <div className="grid gap-4 sm:grid-cols-2 md:col-span-2">
              <Repeat count={4}>
                <Skeleton className="h-16" />
              </Repeat>
            </div>
          </div>
        </Repeat>
      </SkeletonCard>
    </LoadingRegion>
  );
}
