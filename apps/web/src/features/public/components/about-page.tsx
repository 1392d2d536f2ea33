import { Link } from 'react-router';
import { aboutText } from '@openride/shared/public/info-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { usePublicCities } from '../api/get-public-cities';

/** /about (public; issue 15): what OpenRide is, who runs this copy, the source, and what is kept (the server pre-renders the same words). */
export function AboutPage() {
  const cities = usePublicCities();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading title={aboutText.title} description={aboutText.description} />
      <div className="space-y-10">
        <Section title={aboutText.whatTitle}>
          {aboutText.what.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Section>
        {/* Only once known: a failed or slow cities list leaves the sentence out rather than say "no city". */}
        {cities.data ? (
          <Section title={aboutText.citiesTitle}>
            <p>{aboutText.cities(cities.data.cities.map((c) => c.name))}</p>
          </Section>
        ) : null}
        <Section title={aboutText.openTitle}>
          {aboutText.open.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Section>
        <Section title={aboutText.sourceTitle}>
          <p>{aboutText.source}</p>
        </Section>
        <Section title={aboutText.dataTitle}>
          <p>{aboutText.dataIntro}</p>
          <ul className="list-disc space-y-1 pl-6">
            {aboutText.data.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            <Link to={`${paths.legal}#privacy`} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              {aboutText.dataLink}
            </Link>
          </p>
        </Section>
      </div>
    </PageContainer>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 text-ink-700">
      <h2 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h2>
      {children}
    </section>
  );
}
