import { addressSchema, noDataSchema } from '@mall/contract';
import {
  userAddressAddInputSchema,
  userAddressDelInputSchema,
  userAddressEditInputSchema,
  userAddressListInputSchema,
} from '@mall/contract/addresses.inputs';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AddressesService } from './addresses.service.ts';

export function addressRoutes(route: DefineRoute, addresses: AddressesService): void {
  route({
    method: ['POST', 'GET'],
    url: '/api/user/address/list',
    output: z.array(addressSchema),
    input: userAddressListInputSchema,
    auth: 'user',
    handle: (ctx) => addresses.list(ctx),
  });
  route({
    method: 'POST',
    url: '/api/user/address/add',
    output: addressSchema,
    input: userAddressAddInputSchema,
    auth: 'user',
    handle: (ctx, input) => addresses.add(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/user/address/edit',
    output: addressSchema,
    input: userAddressEditInputSchema,
    auth: 'user',
    handle: (ctx, { id: addressId, ...input }) => addresses.edit(ctx, addressId, input),
  });
  route({
    method: 'POST',
    url: '/api/user/address/del',
    output: noDataSchema,
    input: userAddressDelInputSchema,
    auth: 'user',
    handle: async (ctx, input) => {
      await addresses.remove(ctx, input.id);
      return null;
    },
  });
}
