// The route tree (code-based, typed). Landing and the home shell ship in the first bundle; every other screen
// is loaded on demand, the auth form included (it carries the validation schema and the captcha loader).
// Guards follow the route table (spec part 2 section 2): signed-out visitors reach only /, /auth,
// /forgot-password, /reset-password, /leaderboards and /chat (which only asks them to log in); everything else
// sends them to /auth (SignedInLayout).
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { LoadingView } from './components/loading-view.tsx';
import { NotFoundView, RouteErrorView } from './components/error-views.tsx';
import { SignedInLayout } from './components/signed-in-layout.tsx';
import { authSearch, mapSearch, resetPasswordSearch } from './lib/search-params.ts';
import { IndexPage } from './routes/index.tsx';
import type { TrpcUtils } from './trpc.ts';

export interface RouterContext {
  queryClient: QueryClient;
  utils: TrpcUtils;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundView,
  errorComponent: RouteErrorView,
});

// Signed out or in -----------------------------------------------------------------------------------------

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: IndexPage });

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: (search: Record<string, unknown>) => authSearch.parse(search),
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
  validateSearch: (search: Record<string, unknown>) => resetPasswordSearch.parse(search),
  component: lazyRouteComponent(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
});

// Chat says "Please log in to access chat." itself rather than sending a signed-out visitor away (spec part 1).
const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat',
  component: lazyRouteComponent(() => import('./routes/chat.tsx'), 'ChatPage'),
});

const leaderboardsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/leaderboards',
  component: lazyRouteComponent(() => import('./routes/leaderboards.tsx'), 'LeaderboardsPage'),
});

// Signed in only -------------------------------------------------------------------------------------------

const signedInRoute = createRoute({ getParentRoute: () => rootRoute, id: 'signed-in', component: SignedInLayout });

function signedIn<TPath extends string>(path: TPath) {
  return { getParentRoute: () => signedInRoute, path } as const;
}

const mapRoute = createRoute({
  ...signedIn('/map'),
  validateSearch: (search: Record<string, unknown>) => mapSearch.parse(search),
  component: lazyRouteComponent(() => import('./routes/map.tsx'), 'MapPage'),
});

const profileComponent = lazyRouteComponent(() => import('./routes/profile.tsx'), 'ProfilePage');
const profileRoute = createRoute({ ...signedIn('/profile'), component: profileComponent });
const profileSlugRoute = createRoute({ ...signedIn('/profile/$userSlug'), component: profileComponent });
const spaRoute = createRoute({ ...signedIn('/spa/$userSlug'), component: profileComponent });

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
const starsComponent = lazyRouteComponent(() => import('./routes/stars.tsx'), 'StarsPage');
const starsRoute = createRoute({ ...signedIn('/stars'), component: starsComponent });
const starsSlugRoute = createRoute({ ...signedIn('/stars/$userSlug'), component: starsComponent });
const flowersComponent = lazyRouteComponent(() => import('./routes/flowers.tsx'), 'FlowersPage');
const flowersRoute = createRoute({ ...signedIn('/flowers'), component: flowersComponent });
const flowersSlugRoute = createRoute({ ...signedIn('/flowers/$userSlug'), component: flowersComponent });
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
  component: lazyRouteComponent(() => import('./routes/premium.tsx'), 'PremiumPage'),
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
  chatRoute,
  leaderboardsRoute,
  signedInRoute.addChildren([
    mapRoute,
    profileRoute,
    profileSlugRoute,
    spaRoute,
    editProfileRoute,
    editAddressRoute,
    adminRoute,
    searchRoute,
    medalsRoute,
    medalsSlugRoute,
    redFlagsRoute,
    redFlagsSlugRoute,
    starsRoute,
    starsSlugRoute,
    flowersRoute,
    flowersSlugRoute,
    transactionsRoute,
    writeReviewRoute,
    premiumRoute,
    favoritesRoute,
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
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
