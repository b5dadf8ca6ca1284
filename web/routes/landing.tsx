// The public landing page (spec, "/ (home)", signed out): hero with Get Started, three feature cards,
// three account-type cards that open registration with the role chosen. Get Started opens registration for a
// first-time visitor and sign-in for a browser that has signed in before. The page is also rendered at build
// time into the HTML (web/prerender.tsx), so it paints before any script runs. A member signed out by a ban while
// using the app reads why above the hero's title (components/session-end-notice.tsx).
import { Link } from '@tanstack/react-router';
import { useContext, type ReactNode } from 'react';
import { ROLE_LABELS, type RegistrableRole } from '../../common/roles.ts';
import { BrandMark } from '../components/brand-mark.tsx';
import { SessionEndNotice } from '../components/session-end-notice.tsx';
import { MapIcon, StarIcon, TrophyIcon } from '../components/icons.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { PRODUCT_NAME } from '../lib/brand.ts';
import { ReturningVisitorContext } from '../lib/session.ts';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Interactive Maps',
    text: 'Find spas near you on a live map, see where each one is and get directions to the door.',
    icon: <MapIcon size={26} />,
  },
  {
    title: 'Detailed Reviews',
    text: 'Read and write honest reviews rated on ambience, amenities, booking and selection.',
    icon: <StarIcon size={26} />,
  },
  {
    title: 'Reward System',
    text: 'Give flowers to therapists and stars to spas, and earn medals for being a great guest.',
    icon: <TrophyIcon size={26} />,
  },
];

const ACCOUNT_TYPES: { role: RegistrableRole; pitch: string }[] = [
  {
    role: 'client',
    pitch: 'Discover and review spas, earn medals, give flowers and stars, and keep favourites lists.',
  },
  {
    role: 'therapist',
    pitch: 'Receive flowers, showcase your specialties, build your reputation and connect with spas.',
  },
  {
    role: 'spa_management',
    pitch: 'Manage your therapist lineup, award medals, view analytics and use the Red Flag system.',
  },
];

export function LandingPage() {
  const returning = useContext(ReturningVisitorContext)();
  return (
    <div className="min-h-app bg-sand-50">
      <header className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-20 size-72 rounded-full bg-brand-500/25 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-28 -left-16 size-72 rounded-full bg-clay-600/20 blur-3xl"
        />
        <nav aria-label="Site" className="relative mx-auto flex max-w-5xl items-center justify-between px-5 pt-5">
          <BrandMark tone="light" />
          <Link
            to="/auth"
            className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            Sign in
          </Link>
        </nav>
        <div className="relative mx-auto max-w-5xl px-5 pt-14 pb-16 sm:pt-20 sm:pb-24">
          <SessionEndNotice className="mb-6 max-w-xl" />
          <p className="text-sm font-semibold tracking-[0.18em] text-brand-100 uppercase">
            Spa &amp; massage community
          </p>
          <h1 className="mt-3 max-w-2xl font-display text-4xl leading-tight font-semibold sm:text-5xl">
            Find your calm. Share the experience.
          </h1>
          <p className="mt-4 max-w-xl text-base leading-relaxed text-brand-50 sm:text-lg">
            {PRODUCT_NAME} brings clients, therapists and spas together across the Philippines: discover places to
            unwind, read real reviews and recognise the people who care for you.
          </p>
          <Link
            to="/auth"
            search={returning ? {} : { mode: 'register' }}
            className={buttonClasses('secondary', 'lg', 'mt-8 bg-white text-brand-800 shadow-lg hover:bg-brand-50')}
          >
            Get Started
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-5">
        <section aria-labelledby="features-heading" className="py-12">
          <h2 id="features-heading" className="font-display text-2xl font-semibold text-ink-900">
            Everything for your next visit
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm">
                <span
                  className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700"
                  aria-hidden="true"
                >
                  {feature.icon}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{feature.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-ink-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="join-heading" className="pb-14">
          <h2 id="join-heading" className="font-display text-2xl font-semibold text-ink-900">
            Choose how you join
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
            {ACCOUNT_TYPES.map(({ role, pitch }) => (
              <li key={role}>
                <Link
                  to="/auth"
                  search={{ role }}
                  className="group flex h-full flex-col rounded-3xl border border-sand-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="text-lg font-semibold text-ink-900">{ROLE_LABELS[role]}</span>
                  <span className="mt-1.5 flex-1 text-sm leading-relaxed text-ink-600">{pitch}</span>
                  <span className="mt-4 text-sm font-semibold text-brand-700 group-hover:text-brand-800">
                    Join as {ROLE_LABELS[role]} <span aria-hidden="true">→</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-sand-200 py-6 text-center text-xs text-ink-600">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Made for the Philippines.
      </footer>
    </div>
  );
}
