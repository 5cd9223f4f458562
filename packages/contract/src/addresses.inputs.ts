/**
 * Input schemas of the addresses calls (parameters as the API parses them). Imported by the API only,
 * never by the front ends, so zod stays out of their first-load bundles.
 */
import { z } from 'zod';

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

/** /api/user/address/list */
export const userAddressListInputSchema = z.object({});

/** /api/user/address/add */
export const userAddressAddInputSchema = z.object(addressInput);

/** /api/user/address/edit */
export const userAddressEditInputSchema = z.object({ id, ...addressInput });

/** /api/user/address/del */
export const userAddressDelInputSchema = z.object({ id });
