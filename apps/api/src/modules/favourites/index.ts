/** Favourite goods (`/api/keepGoods/...`) and followed stores (`/api/focus/seller/...`) of a user. */
export { FavouritesRepository } from './favourites.repository.ts';
export { favouritesRoutes } from './favourites.routes.ts';
export { FavouritesAudience, FavouritesService } from './favourites.service.ts';
