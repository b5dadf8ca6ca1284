// The payloads of location, addresses, geocoding and directions (zod), by geo.ts's rules and texts. Apart from
// geo.ts so that the map screen, which only measures distances and reads texts, loads no zod.
import * as z from './zod.ts';
import { PHILIPPINES_BOUNDS } from './limits.ts';
import { ADDRESS_MAX_LENGTH, ADDRESS_MESSAGES, ADDRESS_SEARCH_MIN_LENGTH, LOCATION_MESSAGES } from './geo.ts';

export const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: LOCATION_MESSAGES.invalidIp });

/**
 * A coordinate as a number or as a decimal string ("14.5649"): the user record itself carries coordinates as
 * strings (spec, "Entities and their fields"), so a client may send back what it read.
 */
const coordinate = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,3}(\.\d{1,17})?$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().min(min, message).max(max, message));
const latitude = coordinate(PHILIPPINES_BOUNDS.minLat, PHILIPPINES_BOUNDS.maxLat, ADDRESS_MESSAGES.latitude);
const longitude = coordinate(PHILIPPINES_BOUNDS.minLng, PHILIPPINES_BOUNDS.maxLng, ADDRESS_MESSAGES.longitude);

/** PATCH /api/profile/address. Unknown fields are refused. */
export const addressInput = z.strictObject({
  address: z
    .string({ error: ADDRESS_MESSAGES.addressRequired })
    .trim()
    .min(1, ADDRESS_MESSAGES.addressRequired)
    .max(ADDRESS_MAX_LENGTH, ADDRESS_MESSAGES.addressTooLong),
  latitude,
  longitude,
});

export const geocodeSearchInput = z.object({
  query: z
    .string()
    .trim()
    .min(ADDRESS_SEARCH_MIN_LENGTH, `Type at least ${ADDRESS_SEARCH_MIN_LENGTH} characters.`)
    .max(120),
});
export const pointInput = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const directionsInput = z.object({
  from: pointInput,
  to: pointInput,
  destinationName: z.string().trim().max(120).optional(),
});
