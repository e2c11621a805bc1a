import type { z } from "zod";

// What the examples of the document share: a response schema's output type, and the one contact
// that appears throughout.

export type Out<S extends z.ZodType> = z.output<S>;

/** Jane's uuid: the example contact, her events, her automation's upcoming sends. */
export const JANE = "6f1c2b7e-8a43-4f3e-9a51-2d0c6b1e4a10";
