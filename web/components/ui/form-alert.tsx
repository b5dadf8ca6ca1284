// The one way a form or dialog says what went wrong: a red panel announced to screen readers, or nothing. An
// error about one field is that field's own (FieldError), right under it, and the field points at it.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/** A field's error; its id is what the field's aria-describedby names. */
export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-red-700', className)}>
      {children}
    </p>
  );
}
