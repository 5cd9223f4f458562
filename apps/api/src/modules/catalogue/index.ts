/**
 * The catalogue: categories, stores, goods and specifications, banners, the current activity,
 * keyword search, page views, generated demo images; and, for the orders flow, getPurchasable,
 * reserveStock / releaseStock and recordSold on the flow's transaction; the seller's own store
 * and goods (seller.*.ts), and opening a store for the merchants flow.
 */

export { CatalogueRepository } from './catalogue.repository.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export {
  type AudienceSource,
  CATALOGUE_CHANGED,
  CatalogueService,
  catalogueTags,
  type Purchasable,
  type RatingSource,
  type StockChange,
} from './catalogue.service.ts';
export {
  CatalogueImport,
  type LocalText,
  type NewActivity,
  type NewBanner,
  type NewCategory,
  type NewGoods,
  type NewSeller,
  type NewSpec,
} from './catalogue-import.ts';
export { goodsFilterInput, idInput, optionalFlag, optionalId, optionalMoney } from './catalogue-inputs.ts';
export { mediaRoutes, mediaUrl } from './media.routes.ts';
export { GLYPH_NAMES } from './media.ts';
export { PageViews } from './page-views.ts';
export { SearchRepository } from './search.repository.ts';
export { sellerCatalogueRoutes } from './seller.admin-routes.ts';
export { SellerRepository } from './seller.repository.ts';
export {
  type GoodsInput,
  type NewStore,
  type OrderedGoods,
  type OwnImageUrl,
  SellerCatalogueService,
} from './seller.service.ts';
export { storeOwnedBy } from './store-owner.ts';
