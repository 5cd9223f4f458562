/** Timers, page sizes and pixel thresholds of SPEC §9, imported by both ends. */
export const TIMERS = {
  chatPollMs: 5000,
  refreshAfterSendMs: 1000,
  chatScrollMs: 300,
  unreadPollMs: 30000,
  heartbeatMs: 300000,
  socketRetryMs: 1000,
  cartLoadDelayMs: 1500,
  requestTimeoutMs: 15000,
  lazyScriptTimeoutMs: 120000,
  errorToastDebounceMs: 500,
  redirectAfterRechargeMs: 2500,
} as const;

export const PAGE_SIZES = {
  home: 12,
  user: 20,
  orders: 20,
  rechargeRecords: 8,
  withdrawRecords: 20,
  merchants: 10,
  recommended: 10,
} as const;

export const PIXELS = {
  headerShrinkAt: 78,
  backToTopAt: 100,
  cartDrawer: 400,
  chatWidth: 480,
  chatHeight: 680,
} as const;
