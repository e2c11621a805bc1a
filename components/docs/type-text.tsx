import { schemaAnchor } from "@/lib/openapi/reference";
import type { TypeLabel } from "@/lib/openapi/schema-fields";

/** A type, with each component schema it names linked to that schema's table. */
export function TypeText({ type }: { type: TypeLabel }) {
  return (
    <code className="api-type">
      {type.map((piece, index) =>
        "schema" in piece ? (
          <a key={index} href={`#${schemaAnchor(piece.schema)}`}>
            {piece.schema}
          </a>
        ) : (
          piece.text
        ),
      )}
    </code>
  );
}
