import Link from "next/link";
import { plural } from "@/components/ui/format";

type Props = { name: string; href?: string; cardName: string | null; thumbnailPath: string | null; count: number };

/** A project's name with its card's picture, above the project's pieces. */
export function ProjectHeading({ name, href, cardName, thumbnailPath, count }: Props) {
  return (
    <div className="mb-5 flex items-center gap-4 border-b border-stone-200 pb-4">
      {thumbnailPath ? (
        // eslint-disable-next-line @next/next/no-img-element -- a small SVG served by this app; nothing to optimise
        <img src={thumbnailPath} alt={cardName ? `The card “${cardName}”` : ""} width={56} height={56} className="h-14 w-14 shrink-0 rounded-md border border-stone-200 bg-stone-50 object-contain" />
      ) : (
        <div aria-hidden="true" className="grid h-14 w-14 shrink-0 place-items-center rounded-md border border-stone-200 bg-stone-50 text-xl text-stone-400">
          ✉
        </div>
      )}
      <div className="min-w-0">
        <h2 className="text-base font-semibold break-words text-stone-900">
          {href ? (
            <Link href={href} className="hover:text-rose-800 hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <p className="text-sm text-stone-600">
          {cardName ? <>{cardName} · </> : null}
          {plural(count, "card")}
        </p>
      </div>
    </div>
  );
}
