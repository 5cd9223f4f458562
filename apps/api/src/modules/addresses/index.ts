/** Shipping-address book of the signed-in user. */
export { addressRoutes } from './addresses.routes.ts';
export { AddressesService, type AddressInput, cleanAddress } from './addresses.service.ts';
export { usersSharingAddress } from './shared-addresses.ts';
