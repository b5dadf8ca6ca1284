// A modal dialog (dialog-modal.tsx: Radix, a title, an optional description, a close button). Its code loads when
// a dialog first opens rather than with the screen that has it, since most visits never open one; it then stays
// mounted, so that closing animates and gives focus back as Radix does.
import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Where focus goes when the dialog closes; by default the element focused when it opened. */
  returnFocusTo?: HTMLElement | null;
}

const DialogModal = lazyComponent(() => import('./dialog-modal.tsx').then((module) => module.DialogModal));

export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogModal {...props} />
    </Suspense>
  );
}
