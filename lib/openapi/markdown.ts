import MarkdownIt, { type Token } from "markdown-it";

/*
 * The document's Markdown read into plain blocks and runs of text rather than HTML, so the
 * reference page (/docs/api) renders every piece as text.
 */

/** Text with `code` spans. */
export type Inline = { text: string; code: boolean }[];

export type Block =
  | { kind: "heading"; text: Inline }
  | { kind: "paragraph"; text: Inline }
  | { kind: "list"; ordered: boolean; items: Inline[] };

// CommonMark, as OpenAPI specifies for descriptions. With `html` off, markup in a description
// stays text; the page renders every run as text, so nothing here ever becomes HTML.
const markdown = new MarkdownIt("commonmark", { html: false });

/** Appends text to runs, joining it to a preceding plain run so the text reads as one piece. */
function addRun(runs: Inline, text: string, code: boolean): void {
  if (text === "") return;
  const last = runs.at(-1);
  if (last && !last.code && !code) last.text += text;
  else runs.push({ text, code });
}

/**
 * The inline tokens as text and code runs. Emphasis and links keep their text without the
 * markup; a line break is a space, as the browser would show it.
 */
function runsOf(tokens: Token[], runs: Inline = []): Inline {
  for (const token of tokens) {
    if (token.type === "code_inline") addRun(runs, token.content, true);
    else if (token.type === "softbreak" || token.type === "hardbreak") addRun(runs, " ", false);
    else addRun(runs, token.content, false);
  }
  return runs;
}

/** Inline Markdown (a field's or a response's description) as text and `code` runs. */
export function inline(text: string): Inline {
  return runsOf(markdown.parseInline(text, {}).flatMap((token) => token.children ?? []));
}

/**
 * A description's Markdown as headings, paragraphs and lists. A list item's paragraphs and
 * nested lists read as one run of text; a code block is a code run.
 */
export function blocks(text: string | undefined): Block[] {
  const result: Block[] = [];
  let list: Extract<Block, { kind: "list" }> | undefined;
  let depth = 0;
  let inHeading = false;

  const add = (runs: Inline) => {
    const item = list?.items.at(-1);
    if (item) {
      if (item.length > 0 && runs.length > 0) addRun(item, " ", false);
      for (const run of runs) addRun(item, run.text, run.code);
    } else if (runs.length > 0) {
      result.push({ kind: inHeading ? "heading" : "paragraph", text: runs });
    }
  };

  for (const token of markdown.parse(text ?? "", {})) {
    switch (token.type) {
      case "bullet_list_open":
      case "ordered_list_open":
        if (depth++ === 0) list = { kind: "list", ordered: token.type === "ordered_list_open", items: [] };
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        if (--depth === 0 && list) {
          result.push(list);
          list = undefined;
        }
        break;
      case "list_item_open":
        if (depth === 1) list?.items.push([]);
        break;
      case "heading_open":
        inHeading = true;
        break;
      case "heading_close":
        inHeading = false;
        break;
      case "inline":
        add(runsOf(token.children ?? []));
        break;
      case "code_block":
      case "fence": {
        const code = token.content.trimEnd();
        add(code === "" ? [] : [{ text: code, code: true }]);
        break;
      }
    }
  }
  return result;
}
