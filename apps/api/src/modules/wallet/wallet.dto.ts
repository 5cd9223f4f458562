/** Rows of the wallet mapped to the wire (contract DTOs): decimal strings, Shanghai times. */
import {
  type ChainNetwork,
  formatMoney,
  toWireTime,
  WALLET_STATUS_CODES,
  type WalletChannelDto,
  type WalletRecordDto,
} from '@mall/contract';
import { presentableUrl } from '../../core/storage/private-links.ts';
import type { RechargeRow, WithdrawalRow } from './wallet.repository.ts';
import type { ChannelRow } from './wallet-channels.ts';

export function channelDto(c: ChannelRow): WalletChannelDto {
  return {
    code: c.code,
    kind: c.kind,
    network: c.network,
    coin: c.coin,
    region: c.region,
    rate: formatMoney(c.rate),
    decimals: c.decimals,
    rechargeEnabled: c.rechargeEnabled,
    withdrawEnabled: c.withdrawEnabled,
    rechargeMin: formatMoney(c.rechargeMin),
    rechargeMax: formatMoney(c.rechargeMax),
    withdrawMin: formatMoney(c.withdrawMin),
    withdrawMax: formatMoney(c.withdrawMax),
    withdrawFeeFixed: formatMoney(c.withdrawFeeFixed),
    withdrawFeeRateBp: c.withdrawFeeBp,
  };
}

const money = (v: bigint | null) => (v === null ? null : formatMoney(v));

export function rechargeRecordDto(r: RechargeRow): WalletRecordDto {
  return {
    id: r.id,
    type: r.kind === 'bank' ? 'bank' : 'recharge',
    serialNo: r.serialNo,
    time: toWireTime(r.createdAt),
    amount: formatMoney(r.amountClaimed),
    fee: '0',
    actualAmount: money(r.amountCredited) ?? '0',
    status: r.status,
    statusCode: WALLET_STATUS_CODES[r.status],
    network: r.kind === 'chain' ? (r.network as ChainNetwork) : null,
    currency: r.coin,
    channel: r.channelCode,
    proofUrl: presentableUrl(r.proofUrl),
    address: null,
    txHash: r.kind === 'chain' ? r.txHash : null,
    bankName: r.bankName,
    cardNumber: r.cardLast4 ? `**** **** **** ${r.cardLast4}` : null,
    rate: formatMoney(r.rate),
    remark: r.remark,
    balance: money(r.balanceAfter),
  };
}

export function withdrawalRecordDto(w: WithdrawalRow): WalletRecordDto {
  // A rejected withdrawal paid nothing out, charged no fee and left the balance as it was: its
  // record says so instead of a payout and a balance after that never happened (issue 26).
  const rejected = w.status === 'fail';
  return {
    id: w.id,
    type: 'withdraw',
    serialNo: w.serialNo,
    time: toWireTime(w.createdAt),
    amount: formatMoney(w.amount),
    fee: rejected ? '0' : formatMoney(w.fee),
    actualAmount: rejected ? '0' : formatMoney(w.actualAmount),
    status: w.status,
    statusCode: WALLET_STATUS_CODES[w.status],
    network: w.network as ChainNetwork,
    currency: 'USDT',
    channel: w.channelCode,
    proofUrl: null,
    address: w.address,
    txHash: w.txHash,
    bankName: null,
    cardNumber: null,
    rate: '1',
    remark: w.remark,
    balance: rejected ? null : formatMoney(w.balanceAfter),
  };
}
