// The map area's spinner with a line of text ("Loading map..."): small, so the screens that wait for the map
// library show it from their first paint.
export function MapStatus({ text }: { text: string }) {
  return (
    <div role="status" className="flex h-full w-full flex-col items-center justify-center gap-3 bg-sand-100">
      <span className="size-9 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700" aria-hidden="true" />
      <p className="text-sm font-medium text-ink-700">{text}</p>
    </div>
  );
}
