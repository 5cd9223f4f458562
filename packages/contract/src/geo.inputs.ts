/**
 * Input schemas of the geo calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */
import { z } from 'zod';

const code = z.string().trim().min(1).max(8);

/** /api/country/list */
export const countryListInputSchema = z.object({});

/** /api/states/list */
export const statesListInputSchema = z.object({ countryCode: code });

/** /api/cities/list */
export const citiesListInputSchema = z.object({ countryCode: code, stateCode: code });
