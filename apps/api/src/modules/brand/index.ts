/** The brand a request wears: `/api/brand`, app download links, the generated icon, admins' settings. */

export { brandAdminRoutes } from './brand.admin-routes.ts';
export { brandRoutes } from './brand.routes.ts';
export { brandIconSvg } from './brand-icon.ts';
export { BrandSettingsRepository } from './brand-settings.repository.ts';
export { BrandSettingsService } from './brand-settings.service.ts';
