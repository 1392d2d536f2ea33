import { Link } from 'react-router';
import { safetyItems, safetyText } from '@openride/shared/public/info-text';
import { uiText } from '@openride/shared/ui-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

/**
 * /safety (public; issue 15): the safety features this deployment has, and only those (masked calls where a
 * telephony provider is configured). A feature that lands adds its item to `safetyText.items`.
 */
export function SafetyPage() {
  const calls = useAppConfig().data?.calls ?? false;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={safetyText.title} description={safetyText.intro} />
      <div className="space-y-10">
        <ul className="grid gap-4 sm:grid-cols-2">
          {safetyItems(calls).map((item) => (
            <li key={item.title} className="space-y-2 rounded-3xl border border-ink-200 p-5">
              <h2 className="text-lg font-semibold text-ink-900">{item.title}</h2>
              <p className="text-ink-700">{item.text}</p>
            </li>
          ))}
        </ul>
        <section className="space-y-3 text-ink-700">
          <h2 className="text-2xl font-bold tracking-tight text-ink-900">{safetyText.helpTitle}</h2>
          <p>{safetyText.help}</p>
          <Link to={paths.contact} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            {uiText.pages.contact.title}
          </Link>
        </section>
      </div>
    </PageContainer>
  );
}
