// {product} Premium (spec, "Premium: /premium"): the profile shortcut, the Unlock Premium Power hero with Upgrade Now
// (a You're Premium! badge for premium members), the feature grid, the three plans with Select Plan, and the
// Start 7-Day Free Trial call to action. Every button does something (docs/architecture.md, "Beyond the spec"): with PayMongo
// configured, Upgrade Now and Select Plan open its checkout; without it they say payments are not set up on
// this server and offer the trial. Prices come from the server, which charges exactly what it shows.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PlanId } from '../../common/premium.ts';
import { paymentsNotSetUpMessage, PREMIUM_TEXTS } from '../../common/premium.ts';
import { Avatar } from '../components/avatar.tsx';
import { CrownIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/signed-in/premium');

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
      className="mt-0.5 shrink-0 text-brand-600"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function untilDate(ms: number) {
  return new Date(ms).toLocaleDateString('en-PH', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function PremiumPage() {
  const { data: user } = useSessionUser();
  const { checkout: returnedFrom } = routeApi.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const overview = trpc.premium.overview.useQuery(undefined, { staleTime: 0 });
  const [notSetUpOpen, setNotSetUpOpen] = useState(false);

  // Back from PayMongo: say what happened, and read premium again (the payment's webhook may just have landed).
  useEffect(() => {
    if (!returnedFrom) return;
    if (returnedFrom === 'success')
      toast({
        title: 'Thank you!',
        description: 'Your payment is being confirmed. Premium starts as soon as PayMongo confirms it.',
      });
    else toast({ title: 'Checkout cancelled', description: 'Nothing was charged.' });
    void utils.premium.overview.invalidate();
    void utils.account.me.invalidate();
    void navigate({ to: '/premium', search: {}, replace: true });
  }, [returnedFrom, navigate, utils]);

  const trial = trpc.premium.startTrial.useMutation({
    onSuccess: async (answer) => {
      setNotSetUpOpen(false);
      toast({ variant: 'success', title: 'Welcome to Premium!', description: answer.message });
      await Promise.all([utils.account.me.invalidate(), utils.premium.overview.invalidate()]);
    },
  });

  const checkout = trpc.premium.checkout.useMutation({
    meta: { errorTitle: 'Checkout failed', errorFallback: PREMIUM_TEXTS.checkoutFailed },
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });

  if (overview.isPending) return <LoadingView />;
  if (overview.isError)
    return (
      <PageShell title="Premium">
        <NoticePanel action={<Button onClick={() => void overview.refetch()}>Try Again</Button>}>
          Premium plans could not be loaded. Please try again.
        </NoticePanel>
      </PageShell>
    );

  const { plans, features, paymentsEnabled, trialDays, member, product } = overview.data;
  const isPremium = member?.isPremium ?? user?.isPremium ?? false;
  const trialAvailable = member?.trialAvailable ?? false;
  const popular = plans.find((plan) => plan.popular) ?? plans[0]!;

  const choose = (plan: PlanId) => {
    if (!paymentsEnabled) return setNotSetUpOpen(true);
    checkout.mutate({ plan });
  };
  const busy = checkout.isPending || checkout.isSuccess;

  return (
    <PageShell
      title={`${product} Premium`}
      back="history"
      actions={
        user ? (
          <Link
            to="/profile"
            aria-label="Your profile"
            className="flex size-11 items-center justify-center rounded-full hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Avatar name={user.name} picture={user.profilePic} role={user.role} size={34} />
          </Link>
        ) : null
      }
    >
      <section
        aria-labelledby="premium-hero"
        className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 px-6 py-8 text-center text-white shadow-lg"
      >
        <span
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-300/20 text-amber-300"
          aria-hidden="true"
        >
          <CrownIcon size={30} />
        </span>
        <h2 id="premium-hero" className="mt-4 font-display text-3xl font-semibold">
          Unlock Premium Power
        </h2>
        <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-brand-50">
          More recognition to give, more chats at once and a crown on your profile.
        </p>
        <div className="mt-6 flex justify-center">
          {isPremium ? (
            <p
              className="inline-flex items-center gap-2 rounded-full bg-amber-300 px-5 py-2.5 font-semibold text-ink-900"
              role="status"
            >
              <CrownIcon size={20} />
              You're Premium!
            </p>
          ) : (
            <button
              type="button"
              className="inline-flex h-12 items-center justify-center rounded-full bg-amber-300 px-7 text-base font-semibold tracking-wide text-ink-900 shadow-sm transition-colors hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-60"
              disabled={busy}
              onClick={() => choose(popular.id)}
            >
              {busy ? 'Opening checkout...' : 'Upgrade Now'}
            </button>
          )}
        </div>
        {isPremium && member?.premiumUntil && member.premiumUntil > Date.now() ? (
          <p className="mt-3 text-sm text-brand-50">Premium until {untilDate(member.premiumUntil)}</p>
        ) : null}
      </section>

      <section aria-labelledby="premium-features" className="mt-8">
        <h2 id="premium-features" className="font-display text-2xl font-semibold text-ink-900">
          What you get
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 min-[380px]:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{feature.category}</p>
              <h3 className="mt-1 font-semibold text-ink-900">{feature.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-ink-700">{feature.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="premium-plans" className="mt-8">
        <h2 id="premium-plans" className="font-display text-2xl font-semibold text-ink-900">
          Choose your plan
        </h2>
        {!paymentsEnabled ? (
          <p className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            Payments are not set up on this server.
            {trialAvailable ? ` Try Premium free for ${trialDays} days instead.` : ''}
          </p>
        ) : null}
        <ul className="mt-4 grid gap-4">
          {plans.map((plan) => (
            <li key={plan.id}>
              <article
                aria-labelledby={`plan-${plan.id}`}
                className={
                  plan.popular
                    ? 'relative rounded-3xl border-2 border-brand-600 bg-white p-5 shadow-md'
                    : 'relative rounded-3xl border border-sand-200 bg-white p-5 shadow-sm'
                }
              >
                {plan.popular ? (
                  <p className="absolute -top-3 left-5 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">
                    Most Popular
                  </p>
                ) : null}
                <h3 id={`plan-${plan.id}`} className="font-display text-xl font-semibold text-ink-900">
                  {plan.name}
                </h3>
                <p className="mt-1">
                  <span className="text-3xl font-bold text-ink-900">{plan.priceLabel}</span>
                  <span className="text-sm text-ink-600"> per {plan.period}</span>
                </p>
                {plan.savings ? (
                  <p className="mt-1 text-sm font-semibold text-brand-700">
                    Save {plan.savings.label} · {plan.savings.monthsFree} months free
                  </p>
                ) : null}
                <ul className="mt-4 grid gap-2">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2 text-sm text-ink-800">
                      <CheckIcon />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button
                  variant={plan.popular ? 'primary' : 'outline'}
                  className="mt-5 w-full"
                  disabled={busy}
                  onClick={() => choose(plan.id)}
                  aria-label={`Select Plan: ${plan.name}`}
                >
                  Select Plan
                </Button>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="premium-trial"
        className="mt-8 mb-4 rounded-3xl border border-sand-200 bg-white p-6 text-center shadow-sm"
      >
        <h2 id="premium-trial" className="font-display text-xl font-semibold text-ink-900">
          {trialDays} days free, no payment needed
        </h2>
        {trialAvailable ? (
          <>
            <p className="mt-2 text-sm text-ink-700">
              Everything premium for {trialDays} days. It simply ends afterwards.
            </p>
            <Button size="lg" className="mt-5 w-full" disabled={trial.isPending} onClick={() => trial.mutate()}>
              {trial.isPending ? 'Please wait...' : `Start ${trialDays}-Day Free Trial`}
            </Button>
          </>
        ) : (
          <p className="mt-2 text-sm text-ink-700">
            {isPremium ? 'You are enjoying Premium right now.' : PREMIUM_TEXTS.trialUsed}
          </p>
        )}
      </section>

      <Dialog
        open={notSetUpOpen}
        onOpenChange={setNotSetUpOpen}
        title="Payments are not set up"
        description={paymentsNotSetUpMessage(trialAvailable)}
      >
        {trialAvailable ? (
          <Button size="lg" className="w-full" disabled={trial.isPending} onClick={() => trial.mutate()}>
            {trial.isPending ? 'Please wait...' : `Start ${trialDays}-Day Free Trial`}
          </Button>
        ) : (
          <>
            <p className="text-sm text-ink-700">
              {isPremium ? 'You are enjoying Premium right now.' : PREMIUM_TEXTS.trialUsed}
            </p>
            <Button variant="outline" className="w-full" onClick={() => setNotSetUpOpen(false)}>
              Close
            </Button>
          </>
        )}
      </Dialog>
    </PageShell>
  );
}
