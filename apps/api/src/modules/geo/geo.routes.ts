import { citySchema, countrySchema, stateSchema } from '@mall/contract';
import {
  citiesListInputSchema,
  countryListInputSchema,
  statesListInputSchema,
} from '@mall/contract/geo.inputs';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { GeoService } from './geo.service.ts';

export function geoRoutes(route: DefineRoute, geo: GeoService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/country/list',
    output: z.array(countrySchema),
    input: countryListInputSchema,
    handle: () => geo.listCountries(),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/states/list',
    output: z.array(stateSchema),
    input: statesListInputSchema,
    handle: (_ctx, { countryCode }) => {
      const states = geo.listStates(countryCode);
      if (!states) throw new AppError('PARAMETER_ERROR', { field: 'countryCode' });
      return states;
    },
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/cities/list',
    output: z.array(citySchema),
    input: citiesListInputSchema,
    handle: (_ctx, { countryCode, stateCode }) => {
      const cities = geo.listCities(countryCode, stateCode);
      if (!cities) throw new AppError('PARAMETER_ERROR', { field: 'stateCode' });
      return cities;
    },
  });
}
