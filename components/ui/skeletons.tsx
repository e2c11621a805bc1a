import { Fragment, type ReactNode } from "react";
import { cn } from "./cn";
import { Skeleton } from "./feedback";

export { Skeleton };

/** A loading page's outer box, named for screen readers: a status region, or with `busy` an aria-busy box. */
export function LoadingRegion({ label, busy = false, className, children }: { label: string; busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <div role={busy ? undefined : "status"} aria-busy={busy ? "true" : undefined} aria-label={label} className={className}>
      {children}
    </div>
  );
}

/** `children` `count` times over, with nothing around them. */
export function Repeat({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, i) => <Fragment key={i}>{children}</Fragment>);
}

/** The page's title and its line of description (widths as Tailwind classes), as PageHeader lays them out. */
export function HeadingSkeleton({
  eyebrow,
  title,
  description,
  className,
  children,
}: {
  /** The small line above the title, where the page has one. */
  eyebrow?: string;
  title: string;
  description: string;
  className?: string;
  /** Further lines under the description. */
  children?: ReactNode;
}) {
  return (
    <div className={cn(className, "space-y-2")}>
      {eyebrow ? <Skeleton className={cn("h-4", eyebrow)} /> : null}
      <Skeleton className={cn("h-8", title)} />
      <Skeleton className={cn("h-4", description)} />
      {children}
    </div>
  );
}

/** The "← Back" link above a detail page's title; `className` gives its height and width. */
export function BreadcrumbSkeleton({ className }: { className: string }) {
  return <Skeleton className={cn("mb-4", className)} />;
}

/** The white bordered box that lists, tables and panels sit in. */
export function SkeletonCard({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("rounded-xl border border-stone-200 bg-white", className)}>{children}</div>;
}

/** `count` identical blocks (classes in `item`) in one box: rows, tiles, form fields. */
export function SkeletonStack({ count, item, className }: { count: number; item: string; className?: string }) {
  return (
    <div className={className}>
      <Repeat count={count}>
        <Skeleton className={item} />
      </Repeat>
    </div>
  );
}

/** A Panel with a title and `lines` form fields. */
export function PanelSkeleton({ lines = 4, className }: { lines?: number; className?: string }) {
  return (
    <SkeletonCard className={cn("p-5 shadow-sm", className)}>
      <Skeleton className="mb-5 h-5 w-32" />
      <SkeletonStack count={lines} className="space-y-4" item="h-9 w-full" />
    </SkeletonCard>
  );
}
