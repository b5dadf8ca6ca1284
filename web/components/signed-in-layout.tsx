// The guard for every signed-in route: Loading... while the session loads (with the bottom bar's place saying
// Loading navigation..., spec, "Map: /map"), /auth when nobody is signed in, and the screen itself otherwise. It also
// reacts when a later session check finds the user gone.
//
// It also holds the floating layout of the signed-in screens: what floats over a screen must never
// cover another floating thing. From the foot of the screen up: the bottom bar (BOTTOM_NAV_HEIGHT_PX, which
// screens leave room for), then the chat pill while a chat is open (it publishes how far above the bottom bar it
// reaches as --chat-pill-space on the document; 0 without one), then each screen's own floating things (the
// map's controls and credits, its bottom sheet and navigation panel), which sit above `aboveChatPill(...)`.
import { Navigate, Outlet } from '@tanstack/react-router';
import { useLayoutEffect, type RefObject } from 'react';
import { useSessionUser } from '../lib/session.ts';
import { BottomNavLoading } from './bottom-nav.tsx';
import { SessionErrorView } from './error-views.tsx';
import { LoadingView } from './loading-view.tsx';

export function SignedInLayout() {
  const session = useSessionUser();
  if (session.isPending)
    return (
      <>
        <LoadingView />
        <BottomNavLoading />
      </>
    );
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (!session.data) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** The document variable holding how far above the bottom bar the chat pill reaches (its gap below included). */
export const CHAT_PILL_SPACE = '--chat-pill-space';

/** A CSS length `gapPx` above the chat pill, or above the bottom bar when no chat pill shows. */
export function aboveChatPill(gapPx: number, more?: string): string {
  return `calc(var(${CHAT_PILL_SPACE}, 0px) + ${more ? `${more} + ` : ''}${gapPx}px)`;
}

/**
 * While the element is mounted, publishes the space it takes at the foot of the screen as the document variable
 * `name`: its height plus `offsetPx` (how far above the bottom bar it floats); removed when it unmounts.
 */
export function usePublishedSpace(element: RefObject<HTMLElement | null>, name: string, offsetPx: number): void {
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(name, `${Math.ceil(node.getBoundingClientRect().height) + offsetPx}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [element, name, offsetPx]);
}
