/**
 * Default ways money comes in and goes out, per brand. Operators change them in the console
 * (rates, limits, fees, deposit addresses, on/off); a brand gets these rows the first time its
 * wallet is used. Demo deposit addresses are valid by checksum but belong to nobody.
 */
import { units } from '@mall/contract';
import { centsDown } from '../../core/money-rounding.ts';
import { demoAddress } from './chain-address.ts';

export interface ChannelRow {
  brand: string;
  code: string;
  kind: 'chain' | 'bank' | 'gateway';
  network: 'TRC20' | 'ERC20' | 'BTC' | null;
  coin: string;
  region: string | null;
  depositAddress: string | null;
  /** USDT per coin, atomic units. */
  rate: bigint;
  decimals: number;
  rechargeEnabled: boolean;
  withdrawEnabled: boolean;
  rechargeMin: bigint;
  rechargeMax: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawFeeFixed: bigint;
  withdrawFeeBp: number;
  sort: number;
}

/** `units` for fractional literals: `fraction(172, 4)` is 0.0172. */
const fraction = (numerator: number, decimals: number) => units(numerator) / 10n ** BigInt(decimals);

/** Gateway regions and the spec's call variants that open them (SPEC §7). */
export const GATEWAY_VARIANTS = {
  PHP_recharge: 'PHP',
  recharge2: 'VND',
  recharge3: 'THB',
  recharge4: 'IDR',
  recharge5: 'INR',
} as const;

// Amounts are atomic units in 64-bit columns: no coin amount may exceed 100,000,000 whole units
// (MONEY_MAX_UNITS), which is why the VND and IDR limits stop at one hundred million.
export function defaultChannels(brand: string): ChannelRow[] {
  const chain = (code: string, network: 'TRC20' | 'ERC20', fee: number, sort: number): ChannelRow => ({
    brand,
    code,
    kind: 'chain',
    network,
    coin: 'USDT',
    region: null,
    depositAddress: demoAddress(network, `${brand}:${code}`),
    rate: units(1),
    decimals: 2,
    rechargeEnabled: true,
    withdrawEnabled: true,
    rechargeMin: units(1),
    rechargeMax: units(1_000_000),
    withdrawMin: units(10),
    withdrawMax: units(100_000),
    withdrawFeeFixed: units(fee),
    withdrawFeeBp: 0,
    sort,
  });
  const gateway = (
    code: string,
    region: string,
    rate: bigint,
    decimals: number,
    min: number,
    max: number,
    sort: number,
  ): ChannelRow => ({
    brand,
    code,
    kind: 'gateway',
    network: null,
    coin: code,
    region,
    depositAddress: null,
    rate,
    decimals,
    rechargeEnabled: true,
    withdrawEnabled: false,
    rechargeMin: units(min),
    rechargeMax: units(max),
    withdrawMin: 0n,
    withdrawMax: 0n,
    withdrawFeeFixed: 0n,
    withdrawFeeBp: 0,
    sort,
  });
  return [
    chain('USDT-TRC20', 'TRC20', 1, 1),
    chain('USDT-ERC20', 'ERC20', 5, 2),
    {
      brand,
      code: 'BTC',
      kind: 'chain',
      network: 'BTC',
      coin: 'BTC',
      region: null,
      depositAddress: demoAddress('BTC', `${brand}:BTC`),
      rate: units(60_000),
      decimals: 8,
      rechargeEnabled: true,
      // Payouts are made in USDT only.
      withdrawEnabled: false,
      rechargeMin: fraction(1, 4),
      rechargeMax: units(10),
      withdrawMin: 0n,
      withdrawMax: 0n,
      withdrawFeeFixed: 0n,
      withdrawFeeBp: 0,
      sort: 3,
    },
    {
      brand,
      code: 'BANK',
      kind: 'bank',
      network: null,
      coin: 'USD',
      region: null,
      depositAddress: null,
      rate: units(1),
      decimals: 2,
      rechargeEnabled: true,
      withdrawEnabled: false,
      rechargeMin: units(10),
      rechargeMax: units(50_000),
      withdrawMin: 0n,
      withdrawMax: 0n,
      withdrawFeeFixed: 0n,
      withdrawFeeBp: 0,
      sort: 4,
    },
    gateway('USD', 'US', units(1), 2, 10, 50_000, 10),
    gateway('PHP', 'PH', fraction(172, 4), 2, 500, 2_500_000, 11),
    gateway('VND', 'VN', fraction(4, 5), 0, 250_000, 100_000_000, 12),
    gateway('THB', 'TH', fraction(29, 3), 2, 350, 1_500_000, 13),
    gateway('IDR', 'ID', fraction(63, 6), 0, 150_000, 100_000_000, 14),
    gateway('INR', 'IN', fraction(12, 3), 2, 800, 4_000_000, 15),
  ];
}

/** USDT credited for `amount` of a coin at `rate`, rounded down to the atomic unit. */
export function creditFor(amount: bigint, rate: bigint): bigint {
  return (amount * rate) / units(1);
}

/** The withdrawal fee: fixed part plus parts per 10,000 of the amount, rounded down to the cent. */
export function withdrawFee(
  channel: Pick<ChannelRow, 'withdrawFeeFixed' | 'withdrawFeeBp'>,
  amount: bigint,
): bigint {
  return channel.withdrawFeeFixed + centsDown((amount * BigInt(channel.withdrawFeeBp)) / 10_000n);
}
