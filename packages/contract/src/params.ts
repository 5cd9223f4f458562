import { formatMoney, parseMoney, units } from './money.ts';

/**
 * Public configuration answered by `/api/get/params`, by code. Defaults live here once; operators
 * override them per brand in the `params` table. Later domains add their durations here.
 */
export const PARAM_DEFAULTS = {
  mall_max_goods_number_in_order: '500',
  customer_service_url: '',
  /** Sign-up needs an invitation code ('1') or not ('0'). */
  register_invitation_required: '0',
  /** Sign-up must prove the phone or e-mail with a code ('1': registerNoVerifyCode is refused). */
  register_verify_code_required: '0',
  /** Days after an account cancellation before its phone or e-mail may sign up again. */
  account_reregister_days: '30',
  /** Most shipping addresses one user may keep. */
  user_address_max: '20',
  /** Withdrawals are accepted from this Asia/Shanghai time of day (HH:mm)... */
  withdraw_open_time: '00:00',
  /** ...until this one (HH:mm; 24:00 is the end of the day). */
  withdraw_close_time: '24:00',
  /** Withdrawals one user may ask for per Asia/Shanghai day (rejected ones do not count). */
  withdraw_daily_count: '20',
  /** Withdrawals one user may have waiting for finance at once. */
  withdraw_max_processing: '20',
  /** A withdrawal above this many USDT needs a second finance operator's approval before it is paid. */
  withdraw_dual_approval_over: '1000',
  /** USDT the hot wallet may pay out on the chain per brand and Asia/Shanghai day; beyond it payouts wait. */
  chain_hot_wallet_daily_limit: '50000',
  /** Minutes a broadcast payout may stay unmined before it is replaced (same nonce, higher fee). */
  chain_payout_stuck_minutes: '10',
  /** Recharge requests one user may have waiting for finance at once. */
  recharge_max_processing: '5',
  /** Minutes an order may wait for payment before it cancels itself and frees its stock. */
  order_auto_cancel_minutes: '30',
  /** Days after shipping before an order counts as received if the buyer has not confirmed. */
  order_auto_receive_days: '10',
  /** Days after receipt before the system leaves a good review for unreviewed goods. */
  order_default_review_days: '7',
  /** Days after receipt during which goods can be returned; the seller is paid when they end. */
  order_return_days: '7',
  /** Tax on the goods, in parts per 10,000 (0 = none). */
  order_tax_rate_bp: '0',
  /** Handling fee on the goods, freight and tax, in parts per 10,000 (0 = none). */
  order_handling_fee_bp: '0',
  /** The platform's commission on what a seller is paid, in parts per 10,000. */
  seller_commission_bp: '500',
  /** Start-up loans (docs/api/loans.md): smallest amount one may borrow, in USDT. */
  loan_amount_min: '100000',
  /** Largest amount one may borrow, in USDT. */
  loan_amount_max: '30000000',
  /** Terms offered, in days (comma list; each at most 365). */
  loan_terms_days: '30,90,180,365',
  /** Fixed yearly interest rate in basis points (730 = 7.30% a year = 0.02% a day, actual/365). */
  loan_annual_rate_bp: '730',
  /** Yearly rate of overdue interest on a late instalment, in basis points. */
  loan_overdue_annual_rate_bp: '1095',
  /** Repayment methods offered (comma list): maturity, instalments. */
  loan_repayment_methods: 'maturity,instalments',
  /** Days between two instalments of the `instalments` method. */
  loan_cycle_days: '30',
  /** Claim on the loan pages: applications reviewed in as little as this many hours. */
  loan_review_hours: '1',
  /** Claim on the loan pages: days from approval to payout (0 = the same day). */
  loan_payout_days: '0',
  /**
   * Verification levels (docs/api/verification.md): 0 = none, 1 = approved real name, 2 = approved
   * advanced (C3). A call below its level is refused with REAL_NAME_REQUIRED or C3_REQUIRED.
   * Applying for a start-up loan: C3 (a loan is money lent on the strength of an identity).
   */
  verify_level_loan: '2',
  /** Applying to open a store: a real name (the application names a business and its owner). */
  verify_level_merchant_apply: '1',
  /** Binding the withdrawal address: none (SPEC §5 binds it once; changing it is support's work). */
  verify_level_withdraw_address: '0',
  /** A day's withdrawals (Asia/Shanghai, refused ones not counted) above this many USDT need C3; 0 = every one. */
  withdraw_c3_daily_amount: '10000',
  /**
   * Loan eligibility (issue 26, docs/api/loans.md "Eligibility"), checked before an application is
   * accepted: the account's age in days at least this...
   */
  loan_min_account_age_days: '30',
  /** ...and the amount within a limit from the applicant's history: this base (USDT)... */
  loan_limit_base: '0',
  /** ...plus this percentage of the deposits credited to the wallet... */
  loan_limit_deposit_pct: '300',
  /** ...plus this percentage of completed (settled) orders bought... */
  loan_limit_purchase_pct: '100',
  /** ...plus this percentage of settled sales as a seller (net of commission). */
  loan_limit_sales_pct: '200',
  /** Days money a loan paid into the wallet cannot be withdrawn (0 = none). */
  loan_withdraw_lock_days: '0',
} as const;

export type ParamCode = keyof typeof PARAM_DEFAULTS;

export const PARAM_CODES = Object.keys(PARAM_DEFAULTS) as ParamCode[];

export function isParamCode(value: unknown): value is ParamCode {
  return typeof value === 'string' && Object.hasOwn(PARAM_DEFAULTS, value);
}

/** How the admin page edits a param and how the server checks it (`/api/admin/params/set`). */
export type ParamType =
  /** A whole number within min..max. */
  | 'int'
  /** A USDT amount (up to 10 decimals) within min..max whole units. */
  | 'money'
  /** '0' or '1'. */
  | 'bool'
  /** HH:mm from 00:00 to 24:00 (Asia/Shanghai). */
  | 'time'
  /** An http(s) URL, or empty. */
  | 'url'
  /** A comma list of distinct whole numbers, each within min..max, at least one. */
  | 'intList'
  /** A comma list of distinct values from `options`, at least one. */
  | 'optionList';

export const PARAM_GROUPS = ['orders', 'accounts', 'wallet', 'loans', 'service'] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

export interface ParamDefinition {
  group: ParamGroup;
  type: ParamType;
  min?: number;
  max?: number;
  options?: readonly string[];
}

const int = (group: ParamGroup, min: number, max: number): ParamDefinition => ({
  group,
  type: 'int',
  min,
  max,
});

/** Every param's definition: a param without one does not compile, so none escapes validation. */
export const PARAM_DEFINITIONS: Readonly<Record<ParamCode, ParamDefinition>> = {
  mall_max_goods_number_in_order: int('orders', 1, 100_000),
  customer_service_url: { group: 'service', type: 'url' },
  register_invitation_required: { group: 'accounts', type: 'bool' },
  register_verify_code_required: { group: 'accounts', type: 'bool' },
  account_reregister_days: int('accounts', 0, 3650),
  user_address_max: int('accounts', 1, 100),
  withdraw_open_time: { group: 'wallet', type: 'time' },
  withdraw_close_time: { group: 'wallet', type: 'time' },
  withdraw_daily_count: int('wallet', 1, 1000),
  withdraw_max_processing: int('wallet', 1, 1000),
  recharge_max_processing: int('wallet', 1, 1000),
  withdraw_dual_approval_over: { group: 'wallet', type: 'money', min: 0, max: 100_000_000 },
  chain_hot_wallet_daily_limit: { group: 'wallet', type: 'money', min: 0, max: 100_000_000 },
  chain_payout_stuck_minutes: int('wallet', 1, 1440),
  order_auto_cancel_minutes: int('orders', 1, 10_080),
  order_auto_receive_days: int('orders', 1, 365),
  order_default_review_days: int('orders', 1, 365),
  order_return_days: int('orders', 0, 365),
  order_tax_rate_bp: int('orders', 0, 10_000),
  order_handling_fee_bp: int('orders', 0, 10_000),
  seller_commission_bp: int('orders', 0, 10_000),
  loan_amount_min: { group: 'loans', type: 'money', min: 1, max: 100_000_000 },
  loan_amount_max: { group: 'loans', type: 'money', min: 1, max: 100_000_000 },
  loan_terms_days: { group: 'loans', type: 'intList', min: 1, max: 365 },
  loan_annual_rate_bp: int('loans', 0, 100_000),
  loan_overdue_annual_rate_bp: int('loans', 0, 100_000),
  loan_repayment_methods: { group: 'loans', type: 'optionList', options: ['maturity', 'instalments'] },
  loan_cycle_days: int('loans', 1, 365),
  loan_review_hours: int('loans', 0, 720),
  loan_payout_days: int('loans', 0, 365),
  verify_level_loan: int('loans', 0, 2),
  verify_level_merchant_apply: int('accounts', 0, 2),
  verify_level_withdraw_address: int('wallet', 0, 2),
  withdraw_c3_daily_amount: { group: 'wallet', type: 'money', min: 0, max: 100_000_000 },
  loan_min_account_age_days: int('loans', 0, 3650),
  loan_limit_base: { group: 'loans', type: 'money', min: 0, max: 100_000_000 },
  loan_limit_deposit_pct: int('loans', 0, 10_000),
  loan_limit_purchase_pct: int('loans', 0, 10_000),
  loan_limit_sales_pct: int('loans', 0, 10_000),
  loan_withdraw_lock_days: int('loans', 0, 365),
};

/** Params that must not exceed another (`PARAM_MIN_ABOVE_MAX`): min code → max code. */
export const PARAM_ORDERED_PAIRS: readonly (readonly [ParamCode, ParamCode])[] = [
  ['loan_amount_min', 'loan_amount_max'],
  ['withdraw_open_time', 'withdraw_close_time'],
];

/** A verdict: the normalised value, or why not (`format`: not of the type; `range`: outside its bounds). */
export type ParamCheck = { ok: true; value: string } | { ok: false; reason: 'format' | 'range' };

const within = (n: number, d: ParamDefinition) =>
  n >= (d.min ?? Number.NEGATIVE_INFINITY) && n <= (d.max ?? Number.POSITIVE_INFINITY);

/** Checks and normalises a param's new value by its definition (the server and the console's form). */
export function checkParamValue(code: ParamCode, raw: string): ParamCheck {
  const d = PARAM_DEFINITIONS[code];
  const text = raw.trim();
  const bad = { ok: false, reason: 'format' } as const;
  const range = { ok: false, reason: 'range' } as const;
  switch (d.type) {
    case 'int': {
      if (!/^\d{1,12}$/.test(text)) return bad;
      const n = Number(text);
      return within(n, d) ? { ok: true, value: String(n) } : range;
    }
    case 'money': {
      // Money never goes through a float: units are compared as bigint.
      const parsed = parseMoney(text);
      if (!parsed.ok) return parsed.reason === 'too_large' ? range : bad;
      const inRange = parsed.units >= units(d.min ?? 0) && parsed.units <= units(d.max ?? 0);
      return inRange ? { ok: true, value: formatMoney(parsed.units) } : range;
    }
    case 'bool':
      return text === '0' || text === '1' ? { ok: true, value: text } : bad;
    case 'time': {
      const m = /^(\d{2}):(\d{2})$/.exec(text);
      if (!m) return bad;
      const minutes = Number(m[1]) * 60 + Number(m[2]);
      return Number(m[2]) < 60 && minutes <= 24 * 60 ? { ok: true, value: text } : range;
    }
    case 'url':
      return text === '' || /^https?:\/\/[^\s/]+\S*$/i.test(text) ? { ok: true, value: text } : bad;
    case 'intList': {
      const parts = text.split(',').map((p) => p.trim());
      if (!parts.every((p) => /^\d{1,6}$/.test(p))) return bad;
      const nums = parts.map(Number);
      if (new Set(nums).size !== nums.length) return bad;
      return nums.every((n) => within(n, d)) ? { ok: true, value: nums.join(',') } : range;
    }
    case 'optionList': {
      const parts = text.split(',').map((p) => p.trim());
      const ok = parts.every((p) => d.options?.includes(p)) && new Set(parts).size === parts.length;
      return ok ? { ok: true, value: parts.join(',') } : bad;
    }
  }
}

/** True when `a` is above `b`, two checked values of the same param type (`PARAM_ORDERED_PAIRS`). */
export function paramAbove(a: string, b: string): boolean {
  if (a.includes(':')) return a > b; // HH:mm sorts as text
  const ua = parseMoney(a);
  const ub = parseMoney(b);
  return ua.ok && ub.ok && ua.units > ub.units;
}
