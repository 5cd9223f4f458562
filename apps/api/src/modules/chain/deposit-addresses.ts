/**
 * Each user's own deposit address, derived from the extended public key in CHAIN_EVM_XPUB, so the
 * API server holds no deposit private key. Path below the xpub (non-hardened, so public derivation
 * works): `<xpub>/<brand index>/<user index>`, where the brand index is the brand's position in
 * the contract's BRANDS (append-only) and the user index is handed out per brand from 0 in order
 * of first use and kept in chain_deposit_addresses forever. With the usual account xpub at
 * m/44'/60'/0'/0 a user's key is m/44'/60'/0'/0/<brand>/<user> in the wallet that holds the seed.
 */
import { BRANDS } from '@mall/contract';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import { getAddress } from 'viem';
import type { Clock } from '../../core/clock.ts';
import { isUniqueViolation, toNumber } from '../../core/db/columns.ts';
import type { Executor } from '../../core/db/database.ts';

export const EVM_FAMILY = 'evm';

/** The address (lower case) of a compressed secp256k1 public key. */
export function evmAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${Buffer.from(keccak_256(uncompressed.slice(1)).slice(12)).toString('hex')}`;
}

export function brandIndexOf(brand: string): number {
  const index = BRANDS.findIndex((b) => b.key === brand);
  if (index < 0) throw new Error(`unknown brand ${brand}`);
  return index;
}

export interface AddressOwner {
  userId: string;
  brand: string;
}

export class DepositAddresses {
  private readonly root: HDKey;
  private readonly brandKeys = new Map<number, HDKey>();

  constructor(
    private readonly db: Executor,
    xpub: string,
    private readonly clock: Clock,
  ) {
    this.root = HDKey.fromExtendedKey(xpub);
    if (this.root.privateKey) throw new Error('CHAIN_EVM_XPUB must be a public key, not a private one');
  }

  /** The address at <brand>/<user> below the xpub, lower case. */
  derive(brandIndex: number, userIndex: number): string {
    let brandKey = this.brandKeys.get(brandIndex);
    if (!brandKey) {
      brandKey = this.root.deriveChild(brandIndex);
      this.brandKeys.set(brandIndex, brandKey);
    }
    const key = brandKey.deriveChild(userIndex);
    if (!key.publicKey) throw new Error('derivation gave no public key');
    return evmAddressOf(key.publicKey);
  }

  /** The user's deposit address (EIP-55 checksummed), handed out on first use and kept forever. */
  async addressOf(brand: string, userId: string): Promise<string> {
    const brandIndex = brandIndexOf(brand);
    for (let attempt = 0; attempt < 20; attempt++) {
      const existing = await this.db
        .selectFrom('chain_deposit_addresses')
        .select('address')
        .where('family', '=', EVM_FAMILY)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing) return getAddress(existing.address);
      const last = await this.db
        .selectFrom('chain_deposit_addresses')
        .select((eb) => eb.fn.max('address_index').as('top'))
        .where('family', '=', EVM_FAMILY)
        .where('brand', '=', brand)
        .executeTakeFirst();
      const top = last?.top;
      const index = top === null || top === undefined ? 0 : toNumber(top as bigint) + 1;
      try {
        await this.db
          .insertInto('chain_deposit_addresses')
          .values({
            family: EVM_FAMILY,
            user_id: userId,
            brand,
            address_index: index,
            address: this.derive(brandIndex, index),
            created_at: this.clock.now(),
          })
          .execute();
      } catch (error) {
        // Another user took this index at the same moment (or this user's other request won): again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error('could not hand out a deposit address');
  }

  /** Owners of the given addresses (lower case) among ours. */
  async owners(db: Executor, addresses: readonly string[]): Promise<Map<string, AddressOwner>> {
    const found = new Map<string, AddressOwner>();
    const unique = [...new Set(addresses)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await db
        .selectFrom('chain_deposit_addresses')
        .select(['address', 'user_id', 'brand'])
        .where('family', '=', EVM_FAMILY)
        .where('address', 'in', unique.slice(i, i + 500))
        .execute();
      for (const r of rows) found.set(r.address, { userId: r.user_id, brand: r.brand });
    }
    return found;
  }
}
