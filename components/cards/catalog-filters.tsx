"use client";

import Form from "next/form";
import Link from "next/link";
import { useRef } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { hrefWith, sendContextParams, type SendContext } from "./send-context";

type Term = { slug: string; name: string; activeCards: number };

type Props = {
  occasions: Term[];
  categories: Term[];
  occasion?: string;
  category?: string;
  send?: SendContext;
};

/** Occasion and category filters: a GET form (so the URL says what is shown), applied on change. */
export function CatalogFilters({ occasions, categories, occasion, category, send }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const apply = () => form.current?.requestSubmit();
  const filters = [
    { name: "occasion", label: "Occasion", all: "All occasions", terms: occasions, value: occasion },
    { name: "category", label: "Category", all: "All categories", terms: categories, value: category },
  ];
  const carried = sendContextParams(send);
  const clearHref = hrefWith("/cards", carried);
  return (
    <Form ref={form} action="/cards" className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Filter cards">
      {Object.entries(carried).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {filters.map((filter) => (
        <SelectField key={filter.name} label={filter.label} name={filter.name} defaultValue={filter.value ?? ""} onChange={apply} className="sm:w-56">
          <option value="">{filter.all}</option>
          {filter.terms.map((term) => (
            <option key={term.slug} value={term.slug}>
              {term.name} ({term.activeCards})
            </option>
          ))}
        </SelectField>
      ))}
      <noscript>
        <button type="submit" className={buttonClass("secondary")}>
          Apply
        </button>
      </noscript>
      {occasion || category ? (
        <Link href={clearHref} className={buttonClass("ghost", "md", "self-start sm:self-auto")}>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
