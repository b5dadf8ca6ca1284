// Handing a route to the navigation apps members already use: Google Maps and Waze, through
// their public deep links, offered beside the in-app estimate as map apps in the Philippines do. Each link opens
// the app where it is installed and its website otherwise; the destination is the spa's coordinates (no name or
// address leaves the app).
import type { LatLng } from '../../../common/geo.ts';

/** A coordinate as the links carry it: at most 6 decimals (about 0.1 m), no trailing zeros. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

function latLng({ latitude, longitude }: LatLng): string {
  return `${coordinate(latitude)},${coordinate(longitude)}`;
}

/** Google Maps' directions link (Maps URLs, api=1), driving. */
export function googleMapsDirectionsUrl(destination: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latLng(destination)}&travelmode=driving`;
}

/** Waze's deep link that starts navigating to the point. */
export function wazeNavigationUrl(destination: LatLng): string {
  return `https://waze.com/ul?ll=${latLng(destination)}&navigate=yes`;
}
