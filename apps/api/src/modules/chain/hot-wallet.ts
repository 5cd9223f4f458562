/**
 * The hot wallet: signs payouts with the key from CHAIN_EVM_HOT_WALLET_KEY. The key stays in this
 * closure (never a property, never serialised, never logged); only signed transactions leave.
 * Legacy-priced transactions keep a replacement simple: the same nonce with a higher gas price.
 */
import { encodeFunctionData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const ERC20_TRANSFER = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

/** Gas for a token transfer (USDT spends about 65,000) and for a native one. */
const TOKEN_GAS = 120_000n;
const NATIVE_GAS = 21_000n;

export interface PayoutToSign {
  chainId: number;
  nonce: bigint;
  gasPrice: bigint;
  to: string;
  /** The token contract, or null for the native coin. */
  token: string | null;
  amountRaw: bigint;
}

export interface HotWallet {
  readonly address: string;
  sign(payout: PayoutToSign): Promise<{ signed: Hex; hash: string }>;
}

export function createHotWallet(privateKey: `0x${string}`): HotWallet {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address.toLowerCase(),
    async sign(p) {
      const signed = await account.signTransaction(
        p.token
          ? {
              type: 'legacy',
              chainId: p.chainId,
              nonce: Number(p.nonce),
              gasPrice: p.gasPrice,
              gas: TOKEN_GAS,
              to: p.token as Hex,
              value: 0n,
              data: encodeFunctionData({
                abi: ERC20_TRANSFER,
                functionName: 'transfer',
                args: [p.to as Hex, p.amountRaw],
              }),
            }
          : {
              type: 'legacy',
              chainId: p.chainId,
              nonce: Number(p.nonce),
              gasPrice: p.gasPrice,
              gas: NATIVE_GAS,
              to: p.to as Hex,
              value: p.amountRaw,
            },
      );
      return { signed, hash: keccak256(signed) };
    },
  };
}
