// The one way a form or dialog says what went wrong: a red panel announced to screen readers, or nothing.
import type { ReactNode } from 'react';

export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
