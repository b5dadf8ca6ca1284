// /edit-address (spec, "/edit-address"): the address field doubles as the search box (at most 5 suggestions from 3
// characters; a search that finds nothing says so, failures silently empty them; a street the offline gazetteer cannot
// place is suggested with its town, pin at the town's centre), the map with a draggable pin (Manila at zoom 13 until a
// location is set, then zoom 15; a tap on the map moves the pin too), the "Pin: lat, lng - Drag to adjust" readout,
// reverse geocoding after a drag, which OFFERS the place it found ("Use …") and never replaces what the member typed (a
// deliberate difference from the spec, ADR 025), Save Address (toasts Location Required and Update failed) and the
// redirect to /profile?refresh=true about 1 s after saving. The map is the same component the map screens use.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import {
  ADDRESS_MESSAGES,
  ADDRESS_SEARCH_MIN_LENGTH,
  ADDRESS_SUGGESTIONS_MAX,
  type AddressSuggestion,
  type LatLng,
} from '../../common/geo.ts';
import { MANILA_CENTER } from '../../common/limits.ts';
import { MAP_MESSAGES, MAP_ZOOM } from '../../common/map.ts';
import { PinIcon } from '../components/icons.tsx';
import { MapView, useMapKit } from '../components/map/map-view.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { FieldError } from '../components/ui/form-alert.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { cn } from '../lib/cn.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const SEARCH_DEBOUNCE_MS = 300;
const REDIRECT_DELAY_MS = 1000;

function savedPoint(latitude: string | null | undefined, longitude: string | null | undefined): LatLng | null {
  const lat = Number(latitude);
  const lng = Number(longitude);
  return latitude && longitude && Number.isFinite(lat) && Number.isFinite(lng)
    ? { latitude: lat, longitude: lng }
    : null;
}

function AddressPin({ point, onMove }: { point: LatLng; onMove: (point: LatLng) => void }) {
  const { kit } = useMapKit();
  const { Marker } = kit.components;
  return (
    <Marker
      latitude={point.latitude}
      longitude={point.longitude}
      anchor="bottom"
      draggable
      onDragEnd={(event) => onMove({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
    >
      <span
        role="img"
        aria-label="Address pin (drag to adjust)"
        title="Drag to adjust"
        className="block cursor-grab text-red-600 drop-shadow-md"
        data-testid="address-pin"
      >
        <PinIcon size={40} fill="currentColor" stroke="#ffffff" strokeWidth={1.4} />
      </span>
    </Marker>
  );
}

export function EditAddressPage() {
  const { data: user } = useSessionUser();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const mapRef = useRef<MapRef>(null);
  const listId = useId();
  const [address, setAddress] = useState(user?.address ?? '');
  const [point, setPoint] = useState<LatLng | null>(() => savedPoint(user?.latitude, user?.longitude));
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  /** The last query searched that found nothing (the field says so while it still holds that query). */
  const [noMatches, setNoMatches] = useState<string | null>(null);
  /** The place the pin was dropped at, offered as the address; the member's own text stays until they take it. */
  const [offer, setOffer] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  /** Set when the text changed by typing (not by choosing a suggestion or a reverse lookup). */
  const [typed, setTyped] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  // Suggestions from 3 characters, debounced; below that, and on any failure, they clear.
  useEffect(() => {
    const query = address.trim();
    if (!typed || query.length < ADDRESS_SEARCH_MIN_LENGTH) {
      setSuggestions([]);
      setNoMatches(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      utils.geo.search
        .fetch({ query }, { staleTime: 60_000 })
        .then((found) => {
          if (!current) return;
          setSuggestions(found.slice(0, ADDRESS_SUGGESTIONS_MAX));
          setNoMatches(found.length === 0 ? query : null);
        })
        .catch(() => {
          if (!current) return;
          setSuggestions([]);
          setNoMatches(null);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [address, typed, utils]);

  const moveTo = (next: LatLng) => {
    setPoint(next);
    mapRef.current?.flyTo({ center: [next.longitude, next.latitude], zoom: MAP_ZOOM.addressSet });
  };

  const choose = (suggestion: AddressSuggestion) => {
    setTyped(false);
    setAddress(suggestion.address);
    setSuggestions([]);
    setActive(-1);
    setError(null);
    setOffer(null);
    moveTo(suggestion);
  };

  const pinMoved = (next: LatLng) => {
    setPoint(next);
    setOffer(null);
    // The suggestions close, and stay closed until the member types again.
    setTyped(false);
    setSuggestions([]);
    setNoMatches(null);
    // Reverse geocoding after a drag offers the place it found; the field keeps what the member wrote. A failure
    // is silent.
    utils.geo.reverse
      .fetch(next, { staleTime: 60_000 })
      .then((found) => setOffer(found && found.address !== address.trim() ? found.address : null))
      .catch(() => undefined);
  };

  const takeOffer = () => {
    if (!offer) return;
    setTyped(false);
    setAddress(offer);
    setOffer(null);
    setError(null);
  };

  const update = trpc.address.update.useMutation({
    meta: { errorTitle: ADDRESS_MESSAGES.updateFailed },
    onSuccess: (updated) => {
      utils.account.me.setData(undefined, updated);
      void utils.map.users.invalidate();
      setSaved(true);
      toast({ title: 'Address saved', description: 'Taking you to your profile…' });
      redirect.current = setTimeout(
        () => void navigate({ to: '/profile', search: { refresh: true } }),
        REDIRECT_DELAY_MS,
      );
    },
  });

  const save = () => {
    if (!address.trim()) {
      setError(ADDRESS_MESSAGES.addressRequired);
      return;
    }
    if (!point) {
      toast({
        variant: 'destructive',
        title: ADDRESS_MESSAGES.locationRequiredTitle,
        description: ADDRESS_MESSAGES.locationRequired,
      });
      return;
    }
    update.mutate({ address: address.trim(), latitude: point.latitude, longitude: point.longitude });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape') {
      setSuggestions([]);
    }
  };

  const pin = point ?? { latitude: MANILA_CENTER.latitude, longitude: MANILA_CENTER.longitude };
  const open = suggestions.length > 0;

  return (
    <PageShell title="Edit Address" back="/edit-profile">
      <div className="grid gap-4">
        <div className="relative">
          <label htmlFor="address-search" className="mb-1 block text-sm font-semibold text-ink-900">
            Address
          </label>
          <input
            id="address-search"
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'address-error' : undefined}
            autoComplete="off"
            placeholder="Search for your address"
            value={address}
            maxLength={200}
            onChange={(event) => {
              setTyped(true);
              setAddress(event.target.value);
              setActive(-1);
              if (event.target.value.trim()) setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setNoMatches(null);
              onKeyDown(event);
            }}
            onBlur={() => setNoMatches(null)}
            className="h-12 w-full rounded-xl border border-sand-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <FieldError id="address-error" className="mt-1">
            {error}
          </FieldError>
          {/* Where the suggestions would be, over the map rather than pushing it down under a finger about to drag the pin. */}
          <div role="status" className="absolute inset-x-0 top-full z-40 mt-1" data-testid="address-no-matches">
            {noMatches !== null && noMatches === address.trim() && !open ? (
              <p className="rounded-xl border border-sand-200 bg-white px-4 py-3 text-sm text-ink-800 shadow-lg">
                No matches for “{noMatches}”. Try the town or city, or drag the pin to the spot and keep what you typed.
              </p>
            ) : null}
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label="Address suggestions"
            hidden={!open}
            className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-xl border border-sand-200 bg-white shadow-lg"
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.address}-${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
                className={cn(
                  'cursor-pointer px-4 py-2.5 text-sm',
                  index === active ? 'bg-brand-50' : 'hover:bg-sand-50',
                )}
              >
                <span className="block truncate font-semibold text-ink-900">{suggestion.label}</span>
                <span className="block truncate text-xs text-ink-600">{suggestion.address}</span>
                {suggestion.unmatched ? (
                  <span className="block text-xs text-ink-700">
                    “{suggestion.unmatched}” is not on the offline map: the pin goes to the centre of {suggestion.label}
                    ; drag it to the spot.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>

        <div className="h-[22rem] overflow-hidden rounded-2xl border border-sand-200 shadow-sm">
          <MapView
            label="Address map"
            mapRef={mapRef}
            initialView={{ ...pin, zoom: point ? MAP_ZOOM.addressSet : MAP_ZOOM.addressDefault }}
            onClick={(event) => pinMoved({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}
            renderError={() => (
              <div
                role="alert"
                className="flex h-full items-center justify-center bg-sand-100 p-6 text-center text-sm font-medium text-red-800"
              >
                {MAP_MESSAGES.addressEditorError}
              </div>
            )}
          >
            <AddressPin point={pin} onMove={pinMoved} />
          </MapView>
        </div>

        <p className="text-sm text-ink-700" aria-live="polite" data-testid="pin-readout">
          {point
            ? `Pin: ${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)} - Drag to adjust`
            : 'Search for your address, or drag the pin to where you are.'}
        </p>

        <div role="status" className="empty:hidden">
          {offer ? (
            <div className="grid gap-2 rounded-2xl border border-sand-200 bg-sand-50 p-3">
              <p className="text-sm text-ink-800">
                The pin is in {offer}. Your address stays as you wrote it unless you use this place.
              </p>
              <Button
                variant="outline"
                className="min-h-11 justify-self-start whitespace-normal text-left"
                onClick={takeOffer}
              >
                Use {offer}
              </Button>
            </div>
          ) : null}
        </div>

        <Button size="lg" onClick={save} disabled={update.isPending || saved}>
          {update.isPending ? 'Saving...' : 'Save Address'}
        </Button>
      </div>
    </PageShell>
  );
}
