// Mounts the toast region without weighing on the first page load: its code (Radix toast) is fetched when the
// browser is idle, or at once when a toast is raised before that.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast.ts';

const Toaster = lazy(() => import('./toast.tsx').then((module) => ({ default: module.Toaster })));

export function DeferredToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
