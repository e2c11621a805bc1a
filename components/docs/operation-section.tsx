import { Badge } from "@/components/ui/feedback";
import { inline } from "@/lib/openapi/markdown";
import type { OperationView, ResponseView } from "@/lib/openapi/reference";
import { ExampleBlock } from "./example-block";
import { FieldTable, ParameterTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { InlineText, RichText } from "./rich-text";
import { TypeText } from "./type-text";

const subheading = "mt-6 mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase";

function statusTone(status: string): string {
  if (status.startsWith("2")) return "bg-emerald-100 text-emerald-900";
  if (status.startsWith("4") || status.startsWith("5")) return "bg-rose-100 text-rose-900";
  return "bg-stone-100 text-stone-800";
}

function Response({ response, where }: { response: ResponseView; where: string }) {
  const label = `${response.status} response of ${where}`;
  const isSuccess = response.status.startsWith("2");
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <h5 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-900">
        <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold ${statusTone(response.status)}`}>{response.status}</span>
        {response.reason}
      </h5>
      {response.description ? (
        <p className="mt-1 text-sm text-stone-700">
          <InlineText text={inline(response.description)} />
        </p>
      ) : null}
      {response.headers.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-stone-700">
          {response.headers.map((header) => (
            <li key={header.name}>
              Header <code className="font-mono text-xs font-semibold text-stone-900">{header.name}</code> (<TypeText type={header.type} />
              ): <InlineText text={inline(header.description)} />
            </li>
          ))}
        </ul>
      ) : null}
      {response.body ? (
        <p className="mt-2 text-sm text-stone-700">
          Body: <TypeText type={response.body.type} />
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-600">No body.</p>
      )}
      {response.body && response.body.fields.length > 0 ? (
        <div className="mt-2">
          <FieldTable rows={response.body.fields} label={`Fields of the ${label}`} />
        </div>
      ) : null}
      {response.examples.map((example, index) => (
        <ExampleBlock key={index} example={example} open={isSuccess} label={`${example.label}: ${label}`} />
      ))}
    </li>
  );
}

/**
 * One operation: what it does, who may call it, what it takes and what it answers. A webhook
 * (`isWebhook`) is a request Cardmail sends to the partner's endpoint, its path the event type.
 */
export function OperationSection({ operation, isWebhook = false }: { operation: OperationView; isWebhook?: boolean }) {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const body = operation.requestBody;
  return (
    <article id={operation.id} aria-labelledby={`${operation.id}-title`} className="scroll-mt-4 border-t border-stone-200 pt-8 pb-4">
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-base font-semibold break-all text-stone-900">{operation.path}</code>
        <span className="sr-only">: </span>
        <span className="basis-full text-lg font-semibold text-stone-900">{operation.summary}</span>
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {operation.isExtension ? <Badge tone="amber">Extension</Badge> : null}
        {operation.security ? <Badge tone="neutral">{operation.security.scheme}</Badge> : <Badge tone="green">{isWebhook ? "Signed" : "No token"}</Badge>}
      </div>

      <RichText blocks={operation.description} className="mt-3 max-w-3xl text-sm leading-relaxed text-stone-700" />

      <h4 className={subheading}>Authorization</h4>
      <p className="text-sm text-stone-700">
        {operation.security ? (
          <>
            {operation.security.scheme}
            {": "}
            {operation.security.description ? (
              <InlineText text={inline(operation.security.description)} />
            ) : (
              <code className="api-code">Authorization: Bearer &lt;token&gt;</code>
            )}
          </>
        ) : isWebhook ? (
          <>
            No token: Cardmail signs the request. Check <code className="api-code">webhook-signature</code> against your endpoint&apos;s secret before you trust the body.
          </>
        ) : (
          "None: this operation takes no token."
        )}
      </p>

      {operation.parameters.length > 0 ? (
        <>
          <h4 className={subheading}>Parameters</h4>
          <ParameterTable rows={operation.parameters} label={`Parameters of ${where}`} />
        </>
      ) : null}

      {body ? (
        <>
          <h4 className={subheading}>Request body</h4>
          <p className="mb-2 text-sm text-stone-700">
            <code className="font-mono text-xs">{body.contentType}</code>, {body.required ? "required" : "optional"}
            {body.schema ? (
              <>
                {" "}
                (schema <TypeText type={[{ schema: body.schema }]} />)
              </>
            ) : null}
            {body.description ? (
              <>
                . <InlineText text={inline(body.description)} />
              </>
            ) : (
              "."
            )}
          </p>
          {body.fields.length > 0 ? <FieldTable rows={body.fields} label={`Request body fields of ${where}`} /> : null}
          {body.examples.map((example, index) => (
            <ExampleBlock key={index} example={example} open label={`${example.label}: request body of ${where}`} />
          ))}
        </>
      ) : null}

      <h4 className={subheading}>{isWebhook ? "Your endpoint's answer" : "Responses"}</h4>
      <ul className="divide-y divide-stone-100">
        {operation.responses.map((response) => (
          <Response key={response.status} response={response} where={where} />
        ))}
      </ul>
    </article>
  );
}
