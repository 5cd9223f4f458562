/**
 * Withdrawal and deposit addresses, checked per network with the network's own checksum, so a
 * mistyped address is refused before money leaves:
 * - TRC20 (Tron): base58check, version byte 0x41, double-SHA-256 checksum;
 * - ERC20 (Ethereum): 0x + 40 hex digits; mixed case must carry a valid EIP-55 checksum
 *   (all lower case has none and is accepted, then shown checksummed);
 * - BTC: base58check P2PKH (1…) / P2SH (3…), or bech32 (bc1q…, segwit v0) / bech32m (bc1p…, v1+).
 */

import type { ChainNetwork } from '@mall/contract';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

export type { ChainNetwork };

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58].map((c, i) => [c, i]));

export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const c of text) {
    const digit = BASE58_INDEX.get(c);
    if (digit === undefined) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const doubleSha = (bytes: Uint8Array) => sha256(sha256(bytes));

/** The payload of a base58check string with a valid checksum, else undefined. */
function base58CheckPayload(text: string): Uint8Array | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.slice(0, -4);
  const check = doubleSha(payload).slice(0, 4);
  return check.every((b, i) => b === bytes[bytes.length - 4 + i]) ? payload : undefined;
}

export function base58CheckEncode(payload: Uint8Array): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(doubleSha(payload).slice(0, 4), payload.length);
  return base58Encode(out);
}

// --- bech32 / bech32m (BIP-173, BIP-350) ----------------------------------------------------------

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function convertBits(data: number[], from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return undefined;
  }
  return out;
}

/** A segwit address's witness version and program, when its checksum and shape are valid. */
function decodeSegwit(address: string, hrp: string): { version: number; program: number[] } | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const text = address.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (sep < 1 || sep + 7 > text.length || text.length > 90 || text.slice(0, sep) !== hrp) return undefined;
  const data: number[] = [];
  for (const c of text.slice(sep + 1)) {
    const v = BECH32.indexOf(c);
    if (v < 0) return undefined;
    data.push(v);
  }
  const version = data[0]!;
  const check = polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return undefined;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40 || version > 16) return undefined;
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined;
  if (version === 1 && program.length !== 32) return undefined;
  return { version, program };
}

export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...convertBits([...program], 8, 5, true)!];
  const values = [...hrpExpand(hrp), ...data];
  const mod = polymod([...values, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => BECH32[v]).join('')}`;
}

// --- EIP-55 ----------------------------------------------------------------------------------------

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The EIP-55 mixed-case form of a 40-hex-digit address (without checking it). */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

// --- per network -----------------------------------------------------------------------------------

/** The address in its canonical form when valid for the network, else undefined. */
export function normalizeAddress(network: ChainNetwork, raw: string): string | undefined {
  const address = raw.trim();
  if (address.length === 0 || address.length > 100) return undefined;
  switch (network) {
    case 'TRC20': {
      if (address.length !== 34 || !address.startsWith('T')) return undefined;
      const payload = base58CheckPayload(address);
      return payload && payload.length === 21 && payload[0] === 0x41 ? address : undefined;
    }
    case 'ERC20': {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
      const body = address.slice(2);
      const checksummed = toChecksumAddress(address);
      if (body === body.toLowerCase() || body === body.toUpperCase()) return checksummed;
      return checksummed === address ? address : undefined;
    }
    case 'BTC': {
      if (/^(bc1|BC1)/.test(address)) return decodeSegwit(address, 'bc') ? address.toLowerCase() : undefined;
      const payload = base58CheckPayload(address);
      return payload && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05)
        ? address
        : undefined;
    }
  }
}

/** Transaction hashes: 0x + 64 hex on Ethereum, 64 hex on Tron and Bitcoin. Canonical lower case. */
export function normalizeTxHash(network: ChainNetwork, raw: string): string | undefined {
  const text = raw.trim();
  if (network === 'ERC20') return /^0x[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined;
  return /^[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined;
}

/**
 * A valid address derived from a seed (demo deposit addresses): it passes the same checks as a
 * real one, but nobody holds its key, so it is for demonstrations only.
 */
export function demoAddress(network: ChainNetwork, seed: string): string {
  const digest = sha256(new TextEncoder().encode(`mall-demo-address:${seed}`)).slice(0, 20);
  switch (network) {
    case 'TRC20':
      return base58CheckEncode(Uint8Array.from([0x41, ...digest]));
    case 'ERC20':
      return toChecksumAddress(`0x${hex(digest)}`);
    case 'BTC':
      return encodeSegwit('bc', 0, digest);
  }
}
