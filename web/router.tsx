// The route tree (code-based, typed). Landing and the home shell ship in the first bundle; every other screen
// is loaded on demand, the auth form included (it carries the validation schema and the captcha loader).
// Guards follow the route table (spec, "Route table"): signed-out visitors reach only /, /auth,
// /forgot-password, /reset-password, /confirm-email and /undo-email-change, /leaderboards, and /chat, the
// profiles, /stars, /flowers and /visits/new (which only ask them to log in); everything else sends them to /auth
// (SignedInLayout). Whatever the route, a signed-in member
// also has the chat dock (SignedInChat): the tab's chat connection and the requests and chats it brings to every
// screen.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { LoadingView } from './components/loading-view.tsx';
import { NotFoundView, RouteErrorView } from './components/error-views.tsx';
import { SignedInLayout } from './components/signed-in-layout.tsx';
import { prefetchProfileScreen } from './lib/profile-queries.ts';
import { authSearch, mapSearch, premiumSearch, profileSearch, tokenSearch } from './lib/search-params.ts';
import { useSessionUser } from './lib/session.ts';
import { useAfterFirstPaint } from './lib/use-after-paint.ts';
import { visitLinkOf } from './lib/visit-link.ts';
import { IndexPage } from './routes/index.tsx';
import type { TrpcUtils } from './trpc.ts';

export interface RouterContext {
  queryClient: QueryClient;
  utils: TrpcUtils;
}

// The chat connection lives with the signed-in app, not with one screen; its code loads only once a member is
// signed in, so the landing page does not carry it.
const ChatDock = lazy(() => import('./components/chat/chat-dock.tsx'));

function SignedInChat() {
  const { data: user } = useSessionUser();
  // The dock shows nothing until a request or a chat comes, and its connection can wait for the screen's first frame.
  const painted = useAfterFirstPaint();
  if (!user || !painted) return null;
  return (
    <Suspense fallback={null}>
      <ChatDock key={user.id} me={user} />
    </Suspense>
  );
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <SignedInChat />
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundView,
  errorComponent: RouteErrorView,
});

// Signed out or in -----------------------------------------------------------------------------------------

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: IndexPage });

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: authSearch,
  component: lazyRouteComponent(() => import('./routes/auth.tsx'), 'AuthPage'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
});

// The links mailed about the e-mail address (the one that confirms a new address, the one that undoes a change):
// they work signed out too, the link is the proof.
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./routes/email-links.tsx'), 'ConfirmEmailPage'),
});

const undoEmailChangeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/undo-email-change',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./routes/email-links.tsx'), 'UndoEmailChangePage'),
});

// The local mailbox (development only: the Worker answers 404 for it anywhere else).
const devMailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dev/mail',
  component: lazyRouteComponent(() => import('./routes/dev-mail.tsx'), 'DevMailPage'),
});

// Chat says "Please log in to access chat." itself rather than sending a signed-out visitor away (spec, "Chat screen").
const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat',
  component: lazyRouteComponent(() => import('./routes/chat.tsx'), 'ChatPage'),
});

// Profiles say "Please log in to view your profile." themselves (spec, "Profile: /profile and /profile/{userSlug}").
// The loader asks for the profile and its stats at once (one batched request), while the screen's code loads.
const profileRouteOptions = {
  getParentRoute: () => rootRoute,
  validateSearch: profileSearch,
  loader: ({ context, params }: { context: RouterContext; params: { userSlug?: string } }) =>
    prefetchProfileScreen(context.utils, params.userSlug),
  component: lazyRouteComponent(() => import('./routes/profile.tsx'), 'ProfilePage'),
  errorComponent: lazyRouteComponent(() => import('./routes/profile.tsx'), 'ProfileErrorView'),
} as const;
const profileRoute = createRoute({ ...profileRouteOptions, path: '/profile' });
const profileSlugRoute = createRoute({ ...profileRouteOptions, path: '/profile/$userSlug' });
const spaRoute = createRoute({ ...profileRouteOptions, path: '/spa/$userSlug' });

const leaderboardsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/leaderboards',
  component: lazyRouteComponent(() => import('./routes/leaderboards.tsx'), 'LeaderboardsPage'),
});

// Stars and flowers say "Please log in to view stars (or flowers)." themselves (spec, "Error catalogue").
const starsComponent = lazyRouteComponent(() => import('./routes/stars.tsx'), 'StarsPage');
const starsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/stars', component: starsComponent });
const starsSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stars/$userSlug',
  component: starsComponent,
});
const flowersComponent = lazyRouteComponent(() => import('./routes/flowers.tsx'), 'FlowersPage');
const flowersRoute = createRoute({ getParentRoute: () => rootRoute, path: '/flowers', component: flowersComponent });
const flowersSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flowers/$userSlug',
  component: flowersComponent,
});

// The spa's visit QR code opens this address on the client's phone: signed out, it asks to sign in and comes back.
const recordVisitRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/visits/new',
  validateSearch: visitLinkOf,
  component: lazyRouteComponent(() => import('./routes/record-visit.tsx'), 'RecordVisitPage'),
});

// Signed in only -------------------------------------------------------------------------------------------

const signedInRoute = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: SignedInLayout });

function signedIn<TPath extends string>(path: TPath) {
  return { getParentRoute: () => signedInRoute, path } as const;
}

const mapRoute = createRoute({
  ...signedIn('/map'),
  validateSearch: mapSearch,
  component: lazyRouteComponent(() => import('./routes/map.tsx'), 'MapPage'),
});

const editProfileRoute = createRoute({
  ...signedIn('/edit-profile'),
  component: lazyRouteComponent(() => import('./routes/edit-profile.tsx'), 'EditProfilePage'),
});
const editAddressRoute = createRoute({
  ...signedIn('/edit-address'),
  component: lazyRouteComponent(() => import('./routes/edit-address.tsx'), 'EditAddressPage'),
});
const adminRoute = createRoute({
  ...signedIn('/admin'),
  component: lazyRouteComponent(() => import('./routes/admin.tsx'), 'AdminPage'),
});
const searchRoute = createRoute({
  ...signedIn('/search'),
  component: lazyRouteComponent(() => import('./routes/search.tsx'), 'SearchPage'),
});

const medalsComponent = lazyRouteComponent(() => import('./routes/medals.tsx'), 'MedalsPage');
const medalsRoute = createRoute({ ...signedIn('/medals'), component: medalsComponent });
const medalsSlugRoute = createRoute({ ...signedIn('/medals/$userSlug'), component: medalsComponent });
const redFlagsComponent = lazyRouteComponent(() => import('./routes/red-flags.tsx'), 'RedFlagsPage');
const redFlagsRoute = createRoute({ ...signedIn('/red-flags'), component: redFlagsComponent });
const redFlagsSlugRoute = createRoute({ ...signedIn('/red-flags/$userSlug'), component: redFlagsComponent });
const transactionsRoute = createRoute({
  ...signedIn('/transactions/$userSlug/$type'),
  component: lazyRouteComponent(() => import('./routes/transactions.tsx'), 'TransactionsPage'),
});

const writeReviewRoute = createRoute({
  ...signedIn('/write-review/$userSlug'),
  component: lazyRouteComponent(() => import('./routes/write-review.tsx'), 'WriteReviewPage'),
});
const premiumRoute = createRoute({
  ...signedIn('/premium'),
  validateSearch: premiumSearch,
  component: lazyRouteComponent(() => import('./routes/premium.tsx'), 'PremiumPage'),
});
// Spa management's analytics (beyond the spec); the chart library loads with this screen only.
const analyticsRoute = createRoute({
  ...signedIn('/analytics'),
  component: lazyRouteComponent(() => import('./routes/analytics.tsx'), 'AnalyticsPage'),
});
// Privacy and account (beyond the spec): devices, e-mail, the download of one's data, deleting the account.
const privacyRoute = createRoute({
  ...signedIn('/privacy'),
  component: lazyRouteComponent(() => import('./routes/privacy.tsx'), 'PrivacyPage'),
});
// Verified visits (beyond the spec): a client's own visits; the spa's code for its counter, with the QR code library.
const visitsRoute = createRoute({
  ...signedIn('/visits'),
  component: lazyRouteComponent(() => import('./routes/visits.tsx'), 'VisitsPage'),
});
const visitCodeRoute = createRoute({
  ...signedIn('/visits/code'),
  component: lazyRouteComponent(() => import('./routes/visit-code.tsx'), 'VisitCodePage'),
});
// Licences (beyond the spec): a therapist's or spa's own licences, submitted for an admin to check.
const licencesRoute = createRoute({
  ...signedIn('/licences'),
  component: lazyRouteComponent(() => import('./routes/licences.tsx'), 'LicencesPage'),
});
const favoritesRoute = createRoute({
  ...signedIn('/favorites'),
  component: lazyRouteComponent(() => import('./routes/favorites.tsx'), 'FavoritesPage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  undoEmailChangeRoute,
  devMailRoute,
  chatRoute,
  leaderboardsRoute,
  profileRoute,
  profileSlugRoute,
  spaRoute,
  starsRoute,
  starsSlugRoute,
  flowersRoute,
  flowersSlugRoute,
  recordVisitRoute,
  signedInRoute.addChildren([
    mapRoute,
    editProfileRoute,
    editAddressRoute,
    adminRoute,
    searchRoute,
    medalsRoute,
    medalsSlugRoute,
    redFlagsRoute,
    redFlagsSlugRoute,
    transactionsRoute,
    writeReviewRoute,
    premiumRoute,
    favoritesRoute,
    analyticsRoute,
    privacyRoute,
    licencesRoute,
    visitsRoute,
    visitCodeRoute,
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Data freshness is TanStack Query's job; the router only loads route code.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: () => <LoadingView />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
