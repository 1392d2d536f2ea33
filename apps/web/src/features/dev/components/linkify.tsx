import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation right after a URL ("…/reset?token=abc.") belongs to the sentence, not the link.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Renders text with every http(s) URL as a link; the rest stays plain text (never HTML). */
export function Linkify({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-600">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
