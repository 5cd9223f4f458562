import { addressSchema, noDataSchema } from '@mall/contract';
import { z } from 'zod';
import type { DefineRoute } from '../../core/http/route.ts';
import type { AddressesService } from './addresses.service.ts';

const text = z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(1000));
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const addressInput = {
  name: text,
  email: text,
  areaCode: text,
  phone: text,
  nation: text,
  state: text,
  city: text,
  postCode: text,
  address: text,
  use: flag,
};

const id = z.string().min(1).max(64);

export function addressRoutes(route: DefineRoute, addresses: AddressesService): void {
  route({
    method: ['POST', 'GET'],
    url: '/api/user/address/list',
    output: z.array(addressSchema),
    input: z.object({}),
    auth: 'user',
    handle: (ctx) => addresses.list(ctx),
  });
  route({
    method: 'POST',
    url: '/api/user/address/add',
    output: addressSchema,
    input: z.object(addressInput),
    auth: 'user',
    handle: (ctx, input) => addresses.add(ctx, input),
  });
  route({
    method: 'POST',
    url: '/api/user/address/edit',
    output: addressSchema,
    input: z.object({ id, ...addressInput }),
    auth: 'user',
    handle: (ctx, { id: addressId, ...input }) => addresses.edit(ctx, addressId, input),
  });
  route({
    method: 'POST',
    url: '/api/user/address/del',
    output: noDataSchema,
    input: z.object({ id }),
    auth: 'user',
    handle: async (ctx, input) => {
      await addresses.remove(ctx, input.id);
      return null;
    },
  });
}
