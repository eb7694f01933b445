import { Fragment } from 'react';
import { foldForSearch } from './grouping';

/**
 * A name with the parts matching the search in bold (docs/SCREENS.md, Routes). Matching ignores
 * case and accents; folding keeps one character per character for the scripts in use, and the
 * text is shown as is when it does not.
 */
export function Highlight({ text, query }: { text: string; query: string }) {
  const needle = foldForSearch(query.trim());
  if (!needle) return <>{text}</>;
  const folded = foldForSearch(text);
  if (folded.length !== text.length) return <>{text}</>;
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  let at = folded.indexOf(needle, from);
  while (at !== -1) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
    at = folded.indexOf(needle, from);
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <strong key={index} data-match="">
            {part.text}
          </strong>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
