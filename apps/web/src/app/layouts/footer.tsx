import { Link } from 'react-router';
import { Car } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { paths } from '@/config/paths';

const { footer } = messages;

/** §2 footer: Admin leads to /auth (the panel's path is never linked). */
const columns = [
  {
    heading: footer.company,
    links: [
      { label: footer.aboutUs, to: paths.about },
      { label: footer.contact, to: paths.contact },
      { label: footer.helpCenter, to: paths.help },
      { label: footer.legal, to: paths.legal },
      { label: footer.admin, to: paths.auth },
    ],
  },
  {
    heading: footer.services,
    links: [
      { label: footer.rideTypes, to: paths.services },
      { label: footer.pricing, to: paths.pricing },
      { label: footer.safety, to: paths.safety },
      { label: footer.driveWithUs, to: paths.driver },
    ],
  },
] as const;

const linkClass = 'rounded text-sm text-ink-400 transition-colors hover:text-white';

export function Footer() {
  return (
    <footer className="bg-ink-950 text-ink-300 print:hidden">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <Link to={paths.home} className="inline-flex items-center gap-2 text-lg font-bold text-white">
              <span className="flex size-9 items-center justify-center rounded-xl bg-white/10 text-brand-400">
                <Car className="size-5" aria-hidden="true" />
              </span>
              {messages.app.name}
            </Link>
            <p className="mt-4 max-w-sm text-sm text-ink-400">{uiText.home.text}</p>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-labelledby={`footer-${column.heading}`}>
              <h2 id={`footer-${column.heading}`} className="text-sm font-semibold tracking-wide text-white">
                {column.heading}
              </h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink-400">
            {messages.app.copyright} {messages.app.name}
          </p>
          <div className="flex gap-6">
            <Link to={paths.legal} className={linkClass}>
              {footer.privacyPolicy}
            </Link>
            <Link to={paths.legal} className={linkClass}>
              {footer.termsOfService}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
