import { inline } from "@/lib/openapi/markdown";
import type { ApiReference, OperationView, TagView } from "@/lib/openapi/reference";
import { FieldTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { OperationSection } from "./operation-section";
import { InlineText, RichText } from "./rich-text";
import { TypeText } from "./type-text";
import "./api-reference.css";

const tocLink = "rounded text-stone-700 hover:text-rose-800 hover:underline";

function Contents({ tags, webhooks }: { tags: TagView[]; webhooks: OperationView[] }) {
  return (
    <nav aria-labelledby="contents" className="text-sm">
      <h2 id="contents" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        Contents
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 lg:block lg:space-y-4">
        <li>
          <a href="#overview" className={`${tocLink} font-medium`}>
            Overview
          </a>
        </li>
        {tags.map((tag) => (
          <li key={tag.id}>
            <a href={`#${tag.id}`} className={`${tocLink} font-medium`}>
              {tag.name}
            </a>
            <ul className="mt-1.5 hidden space-y-1 lg:block">
              {tag.operations.map((operation) => (
                <li key={operation.id}>
                  <a href={`#${operation.id}`} className="group flex items-start gap-2 rounded text-stone-700 hover:text-rose-800">
                    <MethodBadge method={operation.method} className="mt-px min-w-[3.25rem] text-[0.65rem]" />
                    <span className="min-w-0 font-mono text-xs break-all group-hover:underline">{operation.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {webhooks.length > 0 ? (
          <li>
            <a href="#webhooks" className={`${tocLink} font-medium`}>
              Webhook events
            </a>
            <ul className="mt-1.5 hidden space-y-1 lg:block">
              {webhooks.map((webhook) => (
                <li key={webhook.id}>
                  <a href={`#${webhook.id}`} className="rounded font-mono text-xs break-all text-stone-700 hover:text-rose-800 hover:underline">
                    {webhook.path}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        <li>
          <a href="#schemas" className={`${tocLink} font-medium`}>
            Schemas
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** The whole API reference, server-rendered from the OpenAPI document: no client script. */
export function ApiReferenceView({ reference }: { reference: ApiReference }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="mb-8 rounded-xl border border-stone-200 bg-white p-4 lg:sticky lg:top-0 lg:mb-0 lg:max-h-dvh lg:overflow-y-auto lg:rounded-none lg:border-0 lg:bg-transparent lg:px-0 lg:py-2">
        <Contents tags={reference.tags} webhooks={reference.webhooks} />
      </aside>

      <main id="main" className="min-w-0">
        <section id="overview" aria-labelledby="overview-title" className="scroll-mt-4">
          <h2 id="overview-title" className="text-xl font-semibold tracking-tight text-stone-900">
            Overview
          </h2>
          <RichText blocks={reference.description} headingLevel={3} className="mt-3 max-w-3xl text-sm leading-relaxed text-stone-700" />
        </section>

        {reference.tags.map((tag) => (
          <section key={tag.id} id={tag.id} aria-labelledby={`${tag.id}-title`} className="mt-14 scroll-mt-4">
            <h2 id={`${tag.id}-title`} className="text-xl font-semibold tracking-tight text-stone-900">
              {tag.name}
            </h2>
            {tag.description ? <p className="mt-1 mb-2 text-sm text-stone-600">{tag.description}</p> : null}
            {tag.operations.map((operation) => (
              <OperationSection key={operation.id} operation={operation} />
            ))}
          </section>
        ))}

        {reference.webhooks.length > 0 ? (
          <section id="webhooks" aria-labelledby="webhooks-title" className="mt-14 scroll-mt-4">
            <h2 id="webhooks-title" className="text-xl font-semibold tracking-tight text-stone-900">
              Webhook events
            </h2>
            <p className="mt-1 mb-2 max-w-3xl text-sm text-stone-600">
              The requests Cardmail sends to your endpoints (see Webhooks above to add one): a JSON <code className="font-mono text-xs">POST</code> per event,
              signed, retried until your endpoint answers 2xx.
            </p>
            {reference.webhooks.map((webhook) => (
              <OperationSection key={webhook.id} operation={webhook} isWebhook />
            ))}
          </section>
        ) : null}

        <section id="schemas" aria-labelledby="schemas-title" className="mt-14 scroll-mt-4">
          <h2 id="schemas-title" className="text-xl font-semibold tracking-tight text-stone-900">
            Schemas
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            Every named schema of the document. Response fields are always present; an unset value is <code className="font-mono text-xs">null</code>.
          </p>
          {reference.schemas.map((schema) => (
            <section key={schema.id} id={schema.id} aria-labelledby={`${schema.id}-title`} className="scroll-mt-4 border-t border-stone-200 pt-6 pb-2 mt-6">
              <h3 id={`${schema.id}-title`} className="font-mono text-base font-semibold break-all text-stone-900">
                {schema.name}
              </h3>
              {schema.description ? (
                <p className="mt-1 max-w-3xl text-sm text-stone-700">
                  <InlineText text={inline(schema.description)} />
                </p>
              ) : null}
              {schema.fields.length > 0 ? (
                <div className="mt-3">
                  <FieldTable rows={schema.fields} label={`Fields of the ${schema.name} schema`} />
                </div>
              ) : (
                <p className="mt-2 text-sm text-stone-700">
                  Type: <TypeText type={schema.type} />
                </p>
              )}
            </section>
          ))}
        </section>
      </main>
    </div>
  );
}
