import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with links in it: the message marks them `<0>…</0>`, `<1>…</1>`
 * (translators may move them), and `tags[n]` renders tag n around its translated text.
 */
export function TaggedText({ text, tags }: { text: string; tags: ((inner: string) => ReactNode)[] }) {
  const parts: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[Number(match[1])];
    const inner = match[2] ?? "";
    parts.push(render ? render(inner) : inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
