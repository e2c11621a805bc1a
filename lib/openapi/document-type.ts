import type { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";

/** The OpenAPI 3.1 document as the generator gives it (apart from document.ts, which the parts that rewrite it are imported by). */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;
