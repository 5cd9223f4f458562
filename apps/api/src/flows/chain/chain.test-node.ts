/**
 * A local EVM node for the chain tests and the bench: Ganache in this process on a free port, its
 * deterministic accounts, mining only when told (`mine`), snapshots for reorganisations, and the
 * test ERC-20 (6 decimals; modules/chain/test-token) deployed and minted to the payers.
 */
import type { AddressInfo } from 'node:net';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import ganache from 'ganache';
import { createPublicClient, createWalletClient, type Hex, http, type PublicClient } from 'viem';
import { type HDAccount, mnemonicToAccount } from 'viem/accounts';
import artifact from '../../modules/chain/test-token/test-usdt.json' with { type: 'json' };

const MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
/** The deposit xpub's seed: another wallet than the node's accounts. */
const DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';
export const CHAIN_ID = 1337;

export interface TestNode {
  url: string;
  pub: PublicClient;
  token: Hex;
  xpub: string;
  /** Account 0 deploys and mints; 1 is the hot wallet; 2.. pay deposits. */
  accounts: HDAccount[];
  hotWalletKey: Hex;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  /** Sends a token transfer from a payer (not mined until `mine`). */
  pay(from: HDAccount, to: string, amountRaw: bigint): Promise<Hex>;
  payBatch(from: HDAccount, to: string[], amounts: bigint[]): Promise<Hex>;
  sendNative(from: HDAccount, to: string, wei: bigint): Promise<Hex>;
  call(method: string, params?: unknown[]): Promise<unknown>;
  tokenBalance(address: string): Promise<bigint>;
  freeze(address: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTestNode(): Promise<TestNode> {
  const server = ganache.server({
    wallet: { mnemonic: MNEMONIC, totalAccounts: 10, defaultBalance: 1000 },
    chain: { chainId: CHAIN_ID },
    // Blocks only when a test says so (evm_mine): confirmations are counted by hand.
    miner: { blockTime: 1_000_000, blockGasLimit: 300_000_000 },
    logging: { quiet: true },
  });
  await server.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chain = {
    id: CHAIN_ID,
    name: 'ganache',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const pub = createPublicClient({ chain, transport: http(url), cacheTime: 0 }) as PublicClient;
  const accounts = Array.from({ length: 10 }, (_, i) => mnemonicToAccount(MNEMONIC, { addressIndex: i }));
  const wallet = (account: HDAccount) => createWalletClient({ chain, transport: http(url), account });
  const call = (method: string, params: unknown[] = []) =>
    // biome-ignore lint/suspicious/noExplicitAny: raw JSON-RPC of the test node
    (pub.request as any)({ method, params }) as Promise<unknown>;
  const mine = async (blocks = 1) => {
    for (let i = 0; i < blocks; i++) await call('evm_mine');
  };
  // Ganache counts only mined transactions for the next nonce: several pending ones of one sender
  // need their nonces from here (forgotten on a revert, which empties the pool).
  const nonces = new Map<string, number>();
  const nextNonce = async (a: HDAccount) => {
    const known =
      nonces.get(a.address) ?? (await pub.getTransactionCount({ address: a.address, blockTag: 'latest' }));
    nonces.set(a.address, known + 1);
    return known;
  };
  const deployer = accounts[0] as HDAccount;
  const deployHash = await wallet(deployer).deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as Hex,
    nonce: await nextNonce(deployer),
  });
  await mine();
  const receipt = await pub.getTransactionReceipt({ hash: deployHash });
  const token = receipt.contractAddress as Hex;
  const write = async (from: HDAccount, functionName: string, args: unknown[]) =>
    wallet(from).writeContract({
      address: token,
      abi: artifact.abi,
      functionName,
      args,
      gas: 60_000_000n,
      nonce: await nextNonce(from),
    });
  for (const a of accounts.slice(1)) await write(deployer, 'mint', [a.address, 10n ** 15n]);
  await mine();
  const seed = mnemonicToSeedSync(DEPOSIT_MNEMONIC);
  const xpub = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0").publicExtendedKey;
  const hdKey = (accounts[1] as HDAccount).getHdKey();
  const hotWalletKey = `0x${Buffer.from(hdKey.privateKey as Uint8Array).toString('hex')}` as Hex;
  return {
    url,
    pub,
    token,
    xpub,
    accounts,
    hotWalletKey,
    mine,
    snapshot: async () => (await call('evm_snapshot')) as string,
    revert: async (id) => {
      await call('evm_revert', [id]);
      nonces.clear();
    },
    pay: (from, to, amount) => write(from, 'transfer', [to, amount]),
    payBatch: (from, to, amounts) => write(from, 'batchTransfer', [to, amounts]),
    sendNative: async (from, to, wei) =>
      wallet(from).sendTransaction({ to: to as Hex, value: wei, nonce: await nextNonce(from) }),
    call,
    tokenBalance: async (address) =>
      (await pub.readContract({
        address: token,
        abi: artifact.abi,
        functionName: 'balanceOf',
        args: [address],
      })) as bigint,
    freeze: async (address) => {
      await write(deployer, 'freeze', [address, true]);
      await mine();
    },
    close: () => server.close(),
  };
}
