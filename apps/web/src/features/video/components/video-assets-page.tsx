import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VideoFigures } from '@openride/shared/video/schemas';
import { videoText } from '@openride/shared/video/video-text';
import { uiText } from '@openride/shared/ui-text';
import { CityPicker } from '@/components/ui/city-picker';
import { Field } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { useVideoFigures } from '../api/video-figures';
import { normaliseHex } from '../lib/colour';
import { measureWith } from '../lib/draw';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY, FORMAT_IDS, type FormatId, FORMATS, TEMPLATE_IDS, type TemplateId } from '../lib/formats';
import { layoutScene, type Measure } from '../lib/layout';
import { buildScene, type SceneFigures } from '../lib/scene';
import { VideoPreview } from './video-preview';
import { VideoRender } from './video-render';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCityDefault } from '@/lib/console-city';

const text = videoText.page;

/** Measures text with a canvas of its own (the layout is in video pixels, whatever canvas draws it). */
let measurer: Measure | null = null;
function measure(): Measure {
  if (!measurer) {
    const ctx = document.createElement('canvas').getContext('2d');
    measurer = ctx ? measureWith(ctx) : (s, size) => s.length * size * 0.55;
  }
  return measurer;
}

/** The server's figures as the templates read them: the cheapest ride type's "from" price, formatted. */
function sceneFiguresOf(f: VideoFigures): SceneFigures {
  const cheapest = [...f.ride_types].sort((a, b) => a.from_cents - b.from_cents)[0];
  return {
    drivers: f.drivers,
    rides: f.rides_completed,
    recentRides: f.rides_completed_recent,
    recentDays: f.recent_days,
    rating: f.rating,
    fromPrice: cheapest ? { price: formatMoney(cheapest.from_cents, f.city.currency), type: cheapest.name } : null,
  };
}

/** /video-assets-generator (admins): a city's marketing video from a template, drawn and recorded in the browser. */
export function VideoAssetsPage() {
  const [params, setParams] = useSearchParams();
  const cities = useAdminCities();
  const start = usePageCityDefault(cities.data?.[0]?.id ?? '');
  const cityId = params.get('city') || start;
  const figures = useVideoFigures(cityId);

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.videoAssetsGenerator.title} description={uiText.pages.videoAssetsGenerator.text}>
        {cityId ? (
          <CityPicker
            inline
            label={text.city}
            cities={cities.data ?? [{ id: cityId, name: cityId }]}
            value={cityId}
            onChange={(id) => setParams({ city: id }, { replace: true })}
          />
        ) : null}
      </PageHeading>
      {cityId ? (
        <QueryView query={figures} loadFailed={text.loadFailed} keepData>
          {(data) => <VideoEditor figures={data} />}
        </QueryView>
      ) : (
        // No city yet: loading while the cities load (and while there are none), their failure if they fail.
        <QueryView query={cities} loadFailed={text.loadFailed}>
          {() => (
            <QueryView query={figures} loadFailed={text.loadFailed}>
              {() => null}
            </QueryView>
          )}
        </QueryView>
      )}
    </PageContainer>
  );
}

type Texts = Record<TemplateId, { headline: string; sub: string }>;

/** The controls and the preview; another city keeps the choices and brings its own name and figures. */
function VideoEditor({ figures }: { figures: VideoFigures }) {
  const [template, setTemplate] = useState<TemplateId>('city_launch');
  const [format, setFormat] = useState<FormatId>('vertical');
  const [primary, setPrimary] = useState(DEFAULT_PRIMARY);
  const [accent, setAccent] = useState(DEFAULT_ACCENT);
  // The city's own name until the admin edits it for this city.
  const [edited, setEdited] = useState<{ cityId: string; name: string } | null>(null);
  const city = edited?.cityId === figures.city.id ? edited.name : figures.city.name;
  const setCity = (name: string) => setEdited({ cityId: figures.city.id, name });
  const [texts, setTexts] = useState<Texts>(() => structuredClone(videoText.scene.defaults) as Texts);
  const [promoCode, setPromoCode] = useState<string>(videoText.scene.defaultPromoCode);

  const size = FORMATS[format];
  const sceneFigures = useMemo(() => sceneFiguresOf(figures), [figures]);
  const scene = useMemo(
    () =>
      buildScene({
        template,
        primary: normaliseHex(primary, DEFAULT_PRIMARY),
        accent: normaliseHex(accent, DEFAULT_ACCENT),
        city,
        headline: texts[template].headline,
        sub: texts[template].sub,
        promoCode,
        figures: sceneFigures,
      }),
    [template, primary, accent, city, texts, promoCode, sceneFigures],
  );
  const layout = useMemo(() => layoutScene(scene, size, measure()), [scene, size]);
  const setText = (key: 'headline' | 'sub', value: string) => setTexts((all) => ({ ...all, [template]: { ...all[template], [key]: value } }));

  return (
    // On a phone: the choices, then the preview, then the details; on a wide screen the preview sits on the right.
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
        <Choice
          legend={text.template}
          name="template"
          options={TEMPLATE_IDS.map((id) => ({ id, label: videoText.templates[id] }))}
          value={template}
          onChange={setTemplate}
        />
        <Choice
          legend={text.format}
          name="format"
          options={FORMAT_IDS.map((id) => ({ id, label: videoText.formats[id] }))}
          value={format}
          onChange={setFormat}
        />
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <section aria-labelledby="video-preview" className="space-y-3">
          <h2 id="video-preview" className="text-lg font-semibold text-ink-900">
            {text.preview}
          </h2>
          <VideoPreview
            scene={scene}
            layout={layout}
            size={size}
            formatKey={format}
            label={text.previewLabel(videoText.templates[template], videoText.formatShort[format])}
          />
        </section>
        <VideoRender scene={scene} layout={layout} size={size} template={template} format={format} />
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink-900">{text.brand}</legend>
          <div className="flex flex-wrap gap-4">
            <ColourField label={text.primary} value={primary} onChange={setPrimary} />
            <ColourField label={text.accent} value={accent} onChange={setAccent} />
          </div>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-ink-900">{text.texts}</legend>
          <Field label={text.cityName} value={city} maxLength={40} onChange={(e) => setCity(e.target.value)} />
          <Field label={text.headline} value={texts[template].headline} maxLength={90} onChange={(e) => setText('headline', e.target.value)} />
          <Field label={text.sub} value={texts[template].sub} maxLength={120} onChange={(e) => setText('sub', e.target.value)} />
          {template === 'promotion' ? (
            <Field
              label={text.promoCode}
              hint={text.promoCodeHint}
              value={promoCode}
              maxLength={16}
              autoCapitalize="characters"
              onChange={(e) => setPromoCode(e.target.value)}
            />
          ) : null}
        </fieldset>

        <section aria-labelledby="video-figures" className="space-y-2">
          <h2 id="video-figures" className="text-sm font-semibold text-ink-900">
            {text.figures}
          </h2>
          <p className="text-xs text-ink-500">{text.figuresHint}</p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <Figure term={videoText.scene.stats.drivers(2)} value={figures.drivers.toLocaleString()} />
            <Figure term={videoText.scene.stats.rides(2)} value={figures.rides_completed.toLocaleString()} />
            <Figure term={videoText.scene.stats.recentRides(2, figures.recent_days)} value={figures.rides_completed_recent.toLocaleString()} />
            <Figure term={videoText.scene.stats.rating} value={figures.rating === null ? '—' : `★ ${figures.rating.toFixed(1)}`} />
          </dl>
        </section>
      </div>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-ink-50 px-3 py-2">
      <dt className="text-xs text-ink-500">{term}</dt>
      <dd className="font-semibold text-ink-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** A radio group drawn as cards: arrow keys move within it, as radios do. */
function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.id}
            className={cn(
              'flex min-h-11 grow cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              o.id === value ? 'border-brand-600 bg-brand-50 text-ink-900' : 'border-ink-200 text-ink-700 hover:bg-ink-50',
            )}
          >
            <input type="radio" name={name} value={o.id} checked={o.id === value} onChange={() => onChange(o.id)} className="size-4 accent-brand-600" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (hex: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="color"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-14 cursor-pointer rounded-lg border border-ink-200 bg-white p-1"
      />
      <label htmlFor={id} className="text-sm text-ink-800">
        {label} <span className="font-mono text-xs text-ink-500">{value}</span>
      </label>
    </div>
  );
}
