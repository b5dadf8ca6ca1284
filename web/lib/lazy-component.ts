// A component whose code is loaded on first render (React.lazy) rather than with the screen that places it: a
// dialog, a form behind a tap, the map. `preload` starts the load sooner (a pointer over, or focus on, what opens
// it; the start-up, for a screen whose page says it is coming). Once the code is here, the component renders at
// once: React.lazy suspends (showing the fallback for a frame at least) unless the promise it is given calls back
// synchronously, which a loaded one here does. A failed preload is not kept: the first render, or the next
// preload, tries again (a failure while rendering shows in the screen's error view).
import { lazy, type ComponentType } from 'react';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // A dropped connection or a deploy in between: the next attempt loads again.
        loading = undefined;
        throw error;
      },
    ));
  const immediately = (module: { default: ComponentType<P> }) =>
    ({ then: (onLoaded: (value: typeof module) => unknown) => onLoaded(module) }) as unknown as Promise<typeof module>;
  return Object.assign(
    lazy(() => (loaded ? immediately(loaded) : preload())),
    { preload },
  );
}
