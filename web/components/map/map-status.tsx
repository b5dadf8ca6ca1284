// The map area's spinner with a line of text ("Loading map..."): small, so the screens that wait for the map
// library show it from their first paint. Over spas already drawn from the listing (marker-preview.tsx) it is a pill
// at the map's top right instead, clear of the List view button, the markers and the member's dot.
export function MapStatus({ text, pill = false }: { text: string; pill?: boolean }) {
  if (pill) {
    return (
      <p
        role="status"
        className="absolute top-3 right-3 z-20 flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-sm font-medium text-ink-700 shadow"
      >
        <span
          className="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
          aria-hidden="true"
        />
        {text}
      </p>
    );
  }
  return (
    <div role="status" className="flex h-full w-full flex-col items-center justify-center gap-3 bg-sand-100">
      <span
        className="size-9 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <p className="text-sm font-medium text-ink-700">{text}</p>
    </div>
  );
}
