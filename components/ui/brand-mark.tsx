import { cn } from "./cn";

/**
 * Cardmail's mark, the same drawing as the browser tab's icon (app/icon.png, this drawing at 64
 * px: a bitmap, as a drawn icon cost each page load a rasterizing task on the main thread): a
 * white envelope on the rose square. One mark for the marketing, sign-in and app pages.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={cn("size-8 shrink-0", className)}>
      <rect width="64" height="64" rx="14" fill="#be123c" />
      <rect x="12" y="19" width="40" height="27" rx="3" fill="#fff" />
      <path d="M13 21l19 14 19-14" fill="none" stroke="#be123c" strokeWidth="3.5" strokeLinejoin="round" />
    </svg>
  );
}
