/** Country, state and city lists with calling codes (`country-state-city`). */

export { countryCodeOf } from './country-code.ts';
export { geoRoutes } from './geo.routes.ts';
export { GeoService } from './geo.service.ts';
