import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { fieldRows, resolveSchema, typeLabel, type FieldRow, type TypeLabel } from "./schema-fields";

const document = openApiDocument();
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const typeText = (label: TypeLabel) => label.map((piece) => ("schema" in piece ? piece.schema : piece.text)).join("");
const row = (rows: FieldRow[], name: string) => {
  const found = rows.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no row ${name} in ${rows.map((r) => r.name).join(", ")}`);
  return found;
};

describe("fieldRows", () => {
  it("lists the Contact create body with requirements, bounds and the children's fields one level deep", () => {
    const rows = fieldRows(document, schemaRef("CreateContactRequest"));
    expect(row(rows, "first_name")).toMatchObject({ required: true, nested: false, constraints: ["at least 1 character", "at most 100 characters"] });
    expect(typeText(row(rows, "first_name").type)).toBe("string");
    expect(row(rows, "last_name").required).toBe(true);
    expect(row(rows, "email")).toMatchObject({ required: false, constraints: ["format: email", "at most 255 characters"] });
    expect(typeText(row(rows, "email").type)).toBe("string or null");
    expect(row(rows, "birth_month").constraints).toEqual(["minimum 1", "maximum 12"]);

    const children = row(rows, "children");
    expect(children.type).toEqual([{ text: "array of " }, { schema: "ChildInput" }, { text: " or " }, { text: "null" }]);
    expect(children.constraints).toEqual(["at most 20 items"]);
    expect(row(rows, "children[].first_name")).toMatchObject({ required: true, nested: true, constraints: ["at least 1 character", "at most 100 characters"] });
    expect(row(rows, "children[].birth_year").constraints).toEqual(["minimum 1800", "maximum 9999"]);
    expect(row(rows, "pets[].name").nested).toBe(true);
    // The nested rows follow their parent.
    const names = rows.map((r) => r.name);
    expect(names.indexOf("children[].first_name")).toBe(names.indexOf("children") + 1);
  });

  it("expands inline objects but only links to components when asked to", () => {
    const rows = fieldRows(document, schemaRef("ContactsPage"), { expandRefs: false });
    expect(typeText(row(rows, "data").type)).toBe("array of Contact");
    expect(rows.some((r) => r.name.startsWith("data[]."))).toBe(false);
    expect(row(rows, "links.next")).toMatchObject({ required: true, nested: true, description: "null on the last page." });
    expect(typeText(row(rows, "meta.per_page").type)).toBe("integer");
  });

  it("goes one level deep only", () => {
    const rows = fieldRows(document, schemaRef("AddRecipientsRequest"));
    expect(row(rows, "recipients").constraints).toEqual(["at least 1 item", "at most 1000 items"]);
    expect(row(rows, "recipients[].zip")).toMatchObject({ required: true, nested: true });
    expect(typeText(row(rows, "recipients[].children").type)).toBe("array of ChildInput or null");
    expect(rows.some((r) => r.name.startsWith("recipients[].children[]."))).toBe(false);
  });

  it("has no rows for a schema that is not an object", () => {
    expect(fieldRows(document, { type: "array", items: schemaRef("Contact") })).toEqual([]);
    expect(fieldRows(document, undefined)).toEqual([]);
  });
});

describe("typeLabel and resolveSchema", () => {
  it("names alternatives, maps and enums", () => {
    expect(typeText(typeLabel({ anyOf: [schemaRef("Error"), schemaRef("ValidationError")] }))).toBe("Error or ValidationError");
    expect(typeText(typeLabel({ type: "object", additionalProperties: { type: "array", items: { type: "string" } } }))).toBe("object of array of string");
    expect(typeText(typeLabel({ enum: ["a", "b"] }))).toBe("string");
  });

  it("resolves a component reference and leaves other schemas alone", () => {
    expect(resolveSchema(document, schemaRef("ChildInput"))?.required).toEqual(["first_name"]);
    const inlineSchema = { type: "string" };
    expect(resolveSchema(document, inlineSchema)).toBe(inlineSchema);
    expect(resolveSchema(document, schemaRef("Nope"))).toBeUndefined();
  });
});
