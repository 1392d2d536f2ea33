/** A console page the staff member may open, as the search lists it: its name, its address and its area. */
export type SearchPage = { label: string; to: string; group: string };

const fold = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/**
 * The pages `q` names, best first: every word typed must begin a word of the page's name or its area ("fin set"
 * finds Financial Settings, "drivers" the Drivers area's pages); a name that begins with what was typed comes
 * first, then names matched by their own words, then by the area's. An empty `q` lists every page, in the
 * menu's order.
 */
export function matchPages(pages: readonly SearchPage[], q: string): SearchPage[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pages];
  const starts = (text: string, word: string) =>
    fold(text)
      .split(/[^\p{L}\p{N}]+/u)
      .some((w) => w.startsWith(word));
  const ranked: { page: SearchPage; rank: number; at: number }[] = [];
  pages.forEach((page, at) => {
    const own = words.every((w) => starts(page.label, w));
    const withArea = own || words.every((w) => starts(page.label, w) || starts(page.group, w));
    if (!withArea) return;
    const rank = fold(page.label).startsWith(words.join(' ')) ? 0 : own ? 1 : 2;
    ranked.push({ page, rank, at });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.at - b.at).map((r) => r.page);
}
