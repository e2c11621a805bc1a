import type { Block, Inline } from "@/lib/openapi/markdown";

/** Text with its `code` spans; every piece is rendered as text, never as HTML. */
export function InlineText({ text }: { text: Inline }) {
  return (
    <>
      {text.map((piece, index) =>
        piece.code ? (
          <code key={index} className="api-code">
            {piece.text}
          </code>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** Paragraphs, lists and headings of a description; headings take the level the caller gives. */
export function RichText({ blocks, headingLevel = 3, className }: { blocks: Block[]; headingLevel?: 3 | 4 | 5; className?: string }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className}>
      {blocks.map((block, index) => {
        if (block.kind === "heading") {
          return (
            <Heading key={index} className="mt-6 mb-2 text-base font-semibold text-stone-900 first:mt-0">
              <InlineText text={block.text} />
            </Heading>
          );
        }
        if (block.kind === "list") {
          const List = block.ordered ? "ol" : "ul";
          return (
            <List key={index} className={`my-3 space-y-1.5 pl-5 ${block.ordered ? "list-decimal" : "list-disc"} marker:text-stone-500`}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText text={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={index} className="my-3 first:mt-0 last:mb-0">
            <InlineText text={block.text} />
          </p>
        );
      })}
    </div>
  );
}
