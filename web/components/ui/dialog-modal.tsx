// The modal dialog itself (dialog.tsx loads it when a dialog first opens): Radix, with a title (required for
// accessibility), optional description and a close button.
// Our dialogs are opened by state rather than by a Radix trigger, so Radix would not know where focus came
// from: on closing (Escape, Cancel, the close button) focus returns to the element that had it when the dialog
// opened, normally the button that opened it.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState } from 'react';
import { CloseIcon } from '../icons.tsx';
import type { DialogProps } from './dialog.tsx';

export function DialogModal({ open, onOpenChange, title, description, children, returnFocusTo }: DialogProps) {
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const focusTarget = returnFocusTo ?? opener;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-900/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!focusTarget?.isConnected) return;
            event.preventDefault();
            focusTarget.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[85vh] grid-cols-1 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="grid grid-cols-1 gap-1 pr-8">
            <DialogPrimitive.Title className="font-display text-xl wrap-anywhere text-ink-900">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-ink-600">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-ink-600 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon size={18} />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
