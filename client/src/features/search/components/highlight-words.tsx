import { searchWords } from "@common/search-helpers";
import { Fragment } from "react";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` with the words searched for in bold where a word of the text starts with one, as the
 * server matches them. The text stays text (React escapes it): a snippet is never drawn as HTML.
 */
export function HighlightWords({ text, query }: { text: string; query: string }) {
  const words = searchWords(query);
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join("|")})`, "giu");
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        // split() puts each match at an odd index.
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={i} className="bg-transparent font-semibold text-foreground">
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
