import { cn } from "@/components/ui/cn";

/** A card's picture at list size, inside a fixed box so portrait and landscape cards line up. */
export function CardThumb({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  return (
    <div className={cn("flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-stone-100 p-1.5 ring-1 ring-stone-200", className ?? "h-20 w-16")}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- generated SVG artwork, nothing to optimise
        <img src={src} alt={alt} width={240} height={336} loading="lazy" className="h-auto max-h-full w-auto max-w-full rounded-[2px] shadow-sm" />
      ) : (
        <span aria-hidden="true" className="text-lg text-stone-400">
          ✉
        </span>
      )}
    </div>
  );
}
