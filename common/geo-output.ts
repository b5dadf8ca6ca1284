// The answers of the geocoding and IP geolocation procedures as zod schemas: the procedures declare them as their
// output, the OpenAPI document is generated from them, and the types are inferred from them (common/geo.ts
// re-exports the types only, so the map and address screens do not load zod for them).
import { GEOCODE_SOURCES, LOCATION_SOURCES } from './geo.ts';
import * as z from './zod.ts';

/** Where a member is (spec, "Entities and their fields"), and which lookup said so. */
export const locationResultSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().meta({ description: 'Metres.' }),
    source: z.enum(LOCATION_SOURCES).meta({
      description: "Which lookup answered: the spec's four, plus Cloudflare's own IP lookup on the server.",
    }),
    country: z.nullable(z.string()),
    city: z.nullable(z.string()),
    region: z.nullable(z.string()),
    postalCode: z.nullable(z.string()),
    timezone: z.nullable(z.string()),
    isp: z.nullable(z.string()),
    error: z.optional(z.string()).meta({ description: 'Why the fallback (Manila) was used; only on the fallback.' }),
  })
  .meta({ id: 'LocationResult' });

/** An address the geocoder found for a query, or the address at a point. */
export const addressSuggestionSchema = z
  .object({
    address: z.string().meta({ description: 'The text to put in the address field.' }),
    label: z.string().meta({ description: 'A shorter first line for the dropdown.' }),
    latitude: z.number(),
    longitude: z.number(),
    source: z.enum(GEOCODE_SOURCES),
    unmatched: z.optional(z.string()).meta({
      description:
        "The words of the query the geocoder could not place: the suggestion is the place the rest names (its pin at the town's centre), and its address keeps these words.",
    }),
  })
  .meta({ id: 'AddressSuggestion' });

export type LocationResult = z.infer<typeof locationResultSchema>;
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
