/**
 * argon2id through @node-rs/argon2 (prebuilt native binaries shipped as optional npm packages; no
 * install script). Parameters follow OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane; about
 * 30 ms per hash on this machine, run on libuv's thread pool so the event loop keeps serving.
 */
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which this build cannot import). */
const ARGON2ID = 2;

export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Costs what a wrong password for a real account costs; answers false. */
  verifyDummy(password: string): Promise<false>;
}

export function createArgon2Hasher(params: typeof ARGON2_PARAMS = ARGON2_PARAMS): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const verifyHash = async (hashed: string, password: string) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, params),
    verify: verifyHash,
    async verifyDummy(password) {
      dummy ??= hash('not-a-real-password-0', params);
      await verifyHash(await dummy, password);
      return false;
    },
  };
}
