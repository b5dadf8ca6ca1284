// Loading...: the one way a screen, or a part of one, says it is waiting for its data. Whole screens (the session,
// a route's data) get the centred view; a section inside a loaded screen (a list, a panel, a dialog's body) gets
// `inline`, the same spinner and words in the section's own place.
export function LoadingView({ label = 'Loading...', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        inline ? 'flex items-center gap-2 py-2' : 'flex min-h-app flex-col items-center justify-center gap-4 bg-sand-50'
      }
    >
      <span
        className={
          inline
            ? 'size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700'
            : 'size-9 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700'
        }
        aria-hidden="true"
      />
      <p className={inline ? 'text-sm text-ink-600' : 'text-base font-medium text-ink-700'}>{label}</p>
    </div>
  );
}
