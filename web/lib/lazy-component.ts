// A component whose code is loaded on first render (React.lazy) rather than with the screen that places it: a
// dialog, a form behind a tap. `preload` starts the load sooner (a pointer over, or focus on, what opens it).
import { lazy, type ComponentType } from 'react';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}
