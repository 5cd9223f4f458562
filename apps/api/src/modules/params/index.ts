/** Public configuration by code (`/api/get/params`). */

export { ParamsAdmin, paramsAdminRoutes } from './params.admin.ts';
export { ParamsRepository } from './params.repository.ts';
export { paramsRoutes } from './params.routes.ts';
export { ParamsService, type ParamValues } from './params.service.ts';
