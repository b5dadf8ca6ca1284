// The answers of the map's procedures as zod schemas: the procedures declare them as their output (so every answer
// is checked), the OpenAPI document is generated from them, and the types are inferred from them (common/map.ts and
// common/geo.ts re-export the types only, so the map screen does not load zod for them). The keys are in the order
// the Worker builds them, so a checked answer has the same bytes as the spa listing the edge cache keeps.
import { licensedFields } from './licence-badge-output.ts';
import * as z from './zod.ts';

/** How the browser draws the map: which library, which style, and the basemap served by the Worker. */
export const mapClientConfigSchema = z
  .object({
    library: z.enum(['mapbox', 'maplibre']),
    accessToken: z
      .nullable(z.string())
      .meta({ description: 'A public Mapbox token for mapbox-gl; null on the maplibre tier.' }),
    styleUrl: z.nullable(z.string()).meta({
      description: 'The online style: Mapbox Streets, or the keyless public style. Null: the embedded basemap only.',
    }),
    directions: z
      .enum(['mapbox', 'estimate'])
      .meta({ description: 'Directions provider: Mapbox Directions, or the labelled straight-line estimate.' }),
    geocoding: z.enum(['mapbox', 'gazetteer']),
  })
  .meta({ id: 'MapClientConfig' });

/** A spa on the map (spec, "Entities and their fields") with its computed rating and opening state. */
export const spaListingEntrySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    address: z.nullable(z.string()),
    profilePic: z.nullable(z.string()),
    profilePicThumbnail: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    averageRating: z.nullable(z.number()).meta({ description: 'Out of 5 from reviews; null without rated reviews.' }),
    reviewCount: z.int(),
    isPremium: z.boolean().meta({
      description: 'Premium spas come first among equals in the list and have a marked marker (priority listings).',
    }),
    isOpen: z
      .nullable(z.boolean())
      .meta({ description: 'From opening hours in Asia/Manila; null when the hours are unknown.' }),
    licensed: licensedFields.licensed.meta({
      description:
        'An approved licence whose last valid day has not passed (Asia/Manila). The listing takes no filter: the map filters on this field itself.',
    }),
    licence: licensedFields.licence,
  })
  .meta({ id: 'SpaListingEntry' });

const routeStepSchema = z
  .object({
    instruction: z.string().meta({ description: 'Plain text: any markup a provider sends is stripped.' }),
    distance: z.string(),
    duration: z.string(),
  })
  .meta({ id: 'RouteStep' });

/** The route summary (spec, "Entities and their fields") with the line to draw and what produced it. */
export const routeSummarySchema = z
  .object({
    distance: z.string(),
    duration: z.string(),
    distanceMeters: z.int(),
    durationSeconds: z.int(),
    steps: z.array(routeStepSchema),
    geometry: z.array(z.tuple([z.number(), z.number()])).meta({ description: '[longitude, latitude] pairs.' }),
    provider: z.enum(['mapbox', 'estimate']),
    isEstimate: z.boolean().meta({ description: 'True for the straight-line estimate: never presented as a route.' }),
  })
  .meta({ id: 'RouteSummary' });

export type MapClientConfig = z.infer<typeof mapClientConfigSchema>;
export type SpaListingEntry = z.infer<typeof spaListingEntrySchema>;
export type RouteSummary = z.infer<typeof routeSummarySchema>;
