import type { ReactNode } from "react";
import { HeaderRow } from "@/components/ui/table";
import { inline } from "@/lib/openapi/markdown";
import type { ParameterRow } from "@/lib/openapi/reference";
import type { FieldRow } from "@/lib/openapi/schema-fields";
import { InlineText } from "./rich-text";
import { ScrollBox } from "./scroll-box";
import { TypeText } from "./type-text";

// Cell styles are in api-reference.css: these tables have hundreds of rows.

function Required({ required }: { required: boolean }) {
  return required ? <span className="y">Yes</span> : <>No</>;
}

function Constraints({ list }: { list: string[] }) {
  if (list.length === 0) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </>
    );
  }
  return (
    <ul className="c">
      {list.map((constraint) => (
        <li key={constraint}>{constraint}</li>
      ))}
    </ul>
  );
}

/** `children[].first_name`: the parent's part dimmed, so nested rows read as such. */
function FieldName({ name, nested }: { name: string; nested: boolean }) {
  const leafStart = nested ? name.lastIndexOf(".") + 1 : 0;
  return (
    <code className="f">
      {leafStart > 0 ? <span>{name.slice(0, leafStart)}</span> : null}
      {name.slice(leafStart)}
    </code>
  );
}

function ApiTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <ScrollBox label={label}>
      <table className="api-table">
        <thead>
          <HeaderRow columns={columns} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollBox>
  );
}

/** The fields of a schema: name, type, required, constraints, description. */
export function FieldTable({ rows, label }: { rows: FieldRow[]; label: string }) {
  return (
    <ApiTable label={label} columns={["Field", "Type", "Required", "Constraints", "Description"]}>
      {rows.map((row) => (
        <tr key={row.name} className={row.nested ? "n" : undefined}>
          <th scope="row">
            <FieldName name={row.name} nested={row.nested} />
          </th>
          <td className="t">
            <TypeText type={row.type} />
          </td>
          <td className="s">
            <Required required={row.required} />
          </td>
          <td className="s">
            <Constraints list={row.constraints} />
          </td>
          <td>
            <InlineText text={inline(row.description)} />
          </td>
        </tr>
      ))}
    </ApiTable>
  );
}

/** Path, query and header parameters of an operation. */
export function ParameterTable({ rows, label }: { rows: ParameterRow[]; label: string }) {
  return (
    <ApiTable label={label} columns={["Name", "In", "Required", "Type and constraints", "Description"]}>
      {rows.map((row) => (
        <tr key={`${row.in}:${row.name}`}>
          <th scope="row">
            <code className="f">{row.name}</code>
          </th>
          <td className="s">{row.in}</td>
          <td className="s">
            <Required required={row.required} />
          </td>
          <td className="s t">
            <TypeText type={row.type} />
            {row.constraints.length > 0 ? <Constraints list={row.constraints} /> : null}
          </td>
          <td>
            <InlineText text={inline(row.description)} />
          </td>
        </tr>
      ))}
    </ApiTable>
  );
}
