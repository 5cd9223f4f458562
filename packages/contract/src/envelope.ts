/** The reply every call gets (DESIGN §3). `key` is present on errors only. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  key?: string;
}

export interface PageInfo {
  pageNum: number;
  pageSize: number;
  total: number;
}

export interface Page<T> {
  pageList: T[];
  pageInfo: PageInfo;
}

export interface DownloadUrls {
  downloadUrl: string;
  buyerAppUrl: string;
  sellerAppUrl: string;
}
