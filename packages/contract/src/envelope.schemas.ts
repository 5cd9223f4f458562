import { z } from 'zod';

/** A paged list (DESIGN §3): `{ pageList, pageInfo: { pageNum, pageSize, total } }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ pageList: z.array(item), pageInfo: pageInfoSchema });
}

/** The reply every call gets (DESIGN §3): code 0 and `data` on success; `key` names an error of the catalogue. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    key: z.string().optional(),
  });
}

export const pageInfoSchema = z.object({ pageNum: z.number(), pageSize: z.number(), total: z.number() });
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const downloadUrlsSchema = z.object({
  downloadUrl: z.string(),
  buyerAppUrl: z.string(),
  sellerAppUrl: z.string(),
});
export type DownloadUrls = z.infer<typeof downloadUrlsSchema>;

/** Calls that only say "done" answer `data: null`. */
export const noDataSchema = z.null();
