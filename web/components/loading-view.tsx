// The centred Loading... view shown while the session or a screen loads.
export function LoadingView({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-app flex-col items-center justify-center gap-4 bg-sand-50"
    >
      <span
        className="size-9 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <p className="text-base font-medium text-ink-700">{label}</p>
    </div>
  );
}
