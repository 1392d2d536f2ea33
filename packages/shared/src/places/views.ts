import { z } from 'zod';
import { timestampSchema } from '../contract';
import { PLACE_KINDS } from './schemas';

/** A place of a city as the console lists it. */
export const cityPlaceSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  name: z.string(),
  area: z.string(),
  kind: z.enum(PLACE_KINDS),
  lat: z.number(),
  lng: z.number(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CityPlace = z.infer<typeof cityPlaceSchema>;

/** Every place of one city, by name (a city has hundreds, not millions: one answer, as zones). */
export const cityPlacesResponseSchema = z.strictObject({ items: z.array(cityPlaceSchema) });
export const cityPlaceResponseSchema = z.strictObject({ place: cityPlaceSchema });

/** A place as the public search answers it: what a suggestion shows and where it is. */
export const placeSuggestionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  area: z.string(),
  kind: z.enum(PLACE_KINDS),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceSuggestionView = z.infer<typeof placeSuggestionSchema>;
export const placeSuggestionsResponseSchema = z.strictObject({ items: z.array(placeSuggestionSchema) });
