import { citySchema, countrySchema, stateSchema } from '@mall/contract';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { DefineRoute } from '../../core/http/route.ts';
import type { GeoService } from './geo.service.ts';

const code = z.string().trim().min(1).max(8);

export function geoRoutes(route: DefineRoute, geo: GeoService): void {
  route({
    method: ['GET', 'POST'],
    url: '/api/country/list',
    output: z.array(countrySchema),
    input: z.object({}),
    handle: () => geo.listCountries(),
  });
  route({
    method: ['GET', 'POST'],
    url: '/api/states/list',
    output: z.array(stateSchema),
    input: z.object({ countryCode: code }),
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
    input: z.object({ countryCode: code, stateCode: code }),
    handle: (_ctx, { countryCode, stateCode }) => {
      const cities = geo.listCities(countryCode, stateCode);
      if (!cities) throw new AppError('PARAMETER_ERROR', { field: 'stateCode' });
      return cities;
    },
  });
}
