// The application router: one router per domain, merged here. Its type is what the web app and the SDK import.
import { router, createCallerFactory } from '../trpc.ts';
import { accountRouter } from './account.ts';
import { adminRouter } from './admin.ts';
import { addressRouter } from './address.ts';
import { aiRouter } from './ai.ts';
import { chatRouter } from './chat.ts';
import { devMailRouter } from './dev-mail.ts';
import { favoritesRouter } from './favorites.ts';
import { geoRouter } from './geo.ts';
import { mapRouter } from './map.ts';
import { passwordResetRouter } from './password-reset.ts';
import { premiumRouter } from './premium.ts';
import { privacyRouter } from './privacy.ts';
import { profilesRouter } from './profiles.ts';
import { systemRouter } from './system.ts';
import { leaderboardsRouter } from './leaderboards.ts';
import { lineupRouter } from './lineup.ts';
import { licencesRouter } from './licences.ts';
import { analyticsRouter } from './analytics.ts';
import { recognitionRouter } from './recognition.ts';
import { reviewsRouter } from './reviews.ts';
import { searchRouter } from './search.ts';
import { spasRouter } from './spas.ts';
import { visitsRouter } from './visits.ts';

export const appRouter = router({
  account: accountRouter,
  chat: chatRouter,
  profiles: profilesRouter,
  ai: aiRouter,
  system: systemRouter,
  // Maps, geocoding and addresses.
  map: mapRouter,
  geo: geoRouter,
  address: addressRouter,
  passwordReset: passwordResetRouter,
  devMail: devMailRouter,
  premium: premiumRouter,
  favorites: favoritesRouter,
  // Reviews, recognition and leaderboards
  reviews: reviewsRouter,
  recognition: recognitionRouter,
  leaderboards: leaderboardsRouter,
  // Spa business tools: the therapist lineup, analytics and spa listings
  lineup: lineupRouter,
  analytics: analyticsRouter,
  spas: spasRouter,
  // Verified visits: the spa's code, recording a visit, one's own visits
  visits: visitsRouter,
  // Licences a member can see (their admin review is on the admin router)
  licences: licencesRouter,
  // Admin dashboard, moderation and member search
  admin: adminRouter,
  search: searchRouter,
  // Sessions, e-mail confirmation, the data download and account deletion (beyond the spec)
  privacy: privacyRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
