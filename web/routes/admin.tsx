// /admin (spec, "Admin dashboard (route /admin)"): admins only, everyone else sees Access Denied with Go back. Header
// with Back (to /) and Logout (the browser goes to /api/logout); the four stat cards; the tabs Spa Management, User
// Management, ChatBot Management, Analytics, and beyond the spec Moderation (licences to check, then reports) and the
// Audit Log. The first render needs the stats and the spa list: one batched request, each answered in one database
// round trip.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ADMIN_TEXTS } from '../../common/admin.ts';
import { SpaManagement } from '../components/admin/spa-management.tsx';
import { UserManagement } from '../components/admin/user-management.tsx';
import { AnalyticsPanel, ChatBotManagement } from '../components/admin/chatbot-analytics.tsx';
import { LicenceQueue } from '../components/admin/licence-queue.tsx';
import { AuditLog, ModerationQueue } from '../components/admin/moderation.tsx';
import { ShieldIcon } from '../components/icons.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

type Tab = keyof typeof ADMIN_TEXTS.tabs;

export function AdminPage() {
  const { data: user } = useSessionUser();
  if (user?.role !== 'admin') {
    return (
      <PageShell title={ADMIN_TEXTS.title}>
        <section className="flex flex-col items-center gap-4 rounded-3xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm">
          <span
            className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700"
            aria-hidden="true"
          >
            <ShieldIcon size={28} />
          </span>
          <h2 className="font-display text-2xl font-semibold text-ink-900">{ADMIN_TEXTS.accessDenied}</h2>
          <p className="text-ink-700">This area is for administrators only.</p>
          <Link to="/" className={buttonClasses('primary')}>
            {ADMIN_TEXTS.goBack}
          </Link>
        </section>
      </PageShell>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const [tab, setTab] = useState<Tab>('spas');
  const stats = trpc.admin.stats.useQuery();
  const cards = [
    { label: ADMIN_TEXTS.stats.spas, value: stats.data?.totalSpas },
    { label: ADMIN_TEXTS.stats.users, value: stats.data?.totalUsers },
    { label: ADMIN_TEXTS.stats.reviews, value: stats.data?.totalReviews },
    {
      label: ADMIN_TEXTS.stats.rating,
      value: stats.data ? (stats.data.avgRating === null ? '–' : stats.data.avgRating.toFixed(1)) : undefined,
    },
  ];
  const panels: Record<Tab, React.ReactNode> = {
    spas: <SpaManagement />,
    users: <UserManagement />,
    chatbots: <ChatBotManagement />,
    analytics: <AnalyticsPanel />,
    moderation: (
      <div className="grid grid-cols-1 gap-8">
        <LicenceQueue />
        <ModerationQueue />
      </div>
    ),
    audit: <AuditLog />,
  };
  return (
    <PageShell
      title={ADMIN_TEXTS.title}
      back="/"
      wide
      actions={
        <a href="/api/logout" className={buttonClasses('outline', 'sm')}>
          {ADMIN_TEXTS.logout}
        </a>
      }
    >
      <div className="grid grid-cols-1 gap-6">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {cards.map((card) => (
            <div key={card.label} className="grid gap-1 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-ink-700">{card.label}</dt>
              <dd className="font-display text-2xl font-semibold text-ink-900">{card.value ?? '…'}</dd>
            </div>
          ))}
        </dl>
        <Tabs
          label="Admin sections"
          value={tab}
          onValueChange={setTab}
          items={(Object.keys(ADMIN_TEXTS.tabs) as Tab[]).map((value) => ({
            value,
            label: ADMIN_TEXTS.tabs[value],
            content: tab === value ? panels[value] : null,
          }))}
        />
      </div>
    </PageShell>
  );
}
