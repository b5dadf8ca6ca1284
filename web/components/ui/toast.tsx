// Toasts on Radix: 5000 ms display, swipe right 50 px to dismiss, F8 focuses the region (spec,
// "Business constants and limits").
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../common/limits.ts';
import { cn } from '../../lib/cn.ts';
import { dismiss, useToasts, type ToastVariant } from './use-toast.ts';
import { CloseIcon } from '../icons.tsx';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-sand-200 bg-white text-ink-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-12 shadow-lg wrap-anywhere',
            VARIANT_CLASSES[variant],
          )}
        >
          <div className="grid min-w-0 grid-cols-1 gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">{description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <CloseIcon size={16} />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
