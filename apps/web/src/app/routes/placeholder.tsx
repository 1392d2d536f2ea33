import { useMatches } from 'react-router';
import { Construction } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { PageContainer, PageHeading } from '@/components/ui/page';

export type PlaceholderPageKey = Exclude<keyof typeof uiText.pages, 'comingSoon'>;
export type PlaceholderHandle = { page: PlaceholderPageKey };

const isPlaceholderHandle = (handle: unknown): handle is PlaceholderHandle =>
  typeof handle === 'object' && handle !== null && 'page' in handle && typeof handle.page === 'string' && handle.page in uiText.pages;

/**
 * One component for every route whose content the spec does not show; the route's `handle.page`
 * picks the heading and sentence, so the table in router.tsx stays the single list of pages.
 */
export function Component() {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPlaceholderHandle);
  const page = uiText.pages[handle?.page ?? 'about'];
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={page.title} description={page.text} />
      <div className="flex items-center gap-4 rounded-3xl border border-dashed border-ink-300 bg-ink-50 p-6 text-ink-600">
        <Construction className="size-6 shrink-0 text-ink-400" aria-hidden="true" />
        <p>{uiText.pages.comingSoon}</p>
      </div>
    </PageContainer>
  );
}
