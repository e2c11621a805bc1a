import type { Page } from "./list";
import type { ContactPageJson } from "./response";

export type PageUrlParts = {
  /** Absolute URL of the list without its query string, e.g. `https://host/api/v1/contacts`. */
  path: string;
  /** The filters to carry into every link, so that following a link keeps the same list. */
  filters: Record<string, string | number | null | undefined>;
};

type PageLinks = Pick<ContactPageJson, "links" | "meta">;

/** Absolute links that keep the filters and per_page, and the meta block. */
function pageLinks(page: Page<unknown>, url: PageUrlParts): PageLinks {
  const link = (cursor: string | null) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(url.filters)) {
      if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
    }
    params.set("per_page", String(page.perPage));
    if (cursor) params.set("cursor", cursor);
    return `${url.path}?${params}`;
  };
  return {
    links: {
      first: link(null),
      prev: page.prevCursor ? link(page.prevCursor) : null,
      next: page.nextCursor ? link(page.nextCursor) : null,
    },
    meta: { path: url.path, per_page: page.perPage, next_cursor: page.nextCursor, prev_cursor: page.prevCursor },
  };
}

/** The spec's contacts page as text, from contacts that are JSON text already. */
export function contactPageJsonText(page: Page<string>, url: PageUrlParts): string {
  const rest = JSON.stringify(pageLinks(page, url));
  return `{"data":[${page.items.join(",")}],${rest.slice(1)}`;
}
