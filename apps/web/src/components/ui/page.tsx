import type { ReactNode } from 'react';
import { uiText } from '@openride/shared/ui-text';
import { cn } from '@/lib/cn';

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · ${uiText.routeTitles.suffix}`}</title>;
}

export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8', className)}>{children}</div>;
}

export function PageHeading({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-2">
        <PageTitle title={title} />
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
        {description ? <p className="max-w-2xl text-base text-ink-600">{description}</p> : null}
      </div>
      {children ? <div className="shrink-0">{children}</div> : null}
    </header>
  );
}
