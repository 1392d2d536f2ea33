import { Link } from 'react-router';
import { MapPinOff } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { buttonClasses } from './ui/button-classes';
import { PageTitle } from './ui/page';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <PageTitle title={uiText.notFound.title} />
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-ink-100 text-ink-500">
        <MapPinOff className="size-8" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-brand-700">{uiText.notFound.code}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">{uiText.notFound.title}</h1>
      <p className="mt-3 text-ink-600">{uiText.notFound.text}</p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        {uiText.notFound.backHome}
      </Link>
    </div>
  );
}
