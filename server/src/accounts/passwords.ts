/** Password hashing with argon2id (@node-rs/argon2), with equal work whether or not an account exists. */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { randomToken } from './tokens';

// The library's defaults (19 MiB, 2 passes, 1 lane) are OWASP's argon2id minimum; the seed uses them too.
// Algorithm is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const OPTIONS: Options = { algorithm: 2 as Algorithm.Argon2id };

/** An argon2id hash of a new password, in the PHC string format. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. With no hash (an unknown e-mail, or an account that
 * signs in only through the provider) it verifies against a throw-away hash and answers false, so
 * the answer takes as long as a real check and its timing does not reveal whether the account exists.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a 500 that tells the account apart.
    return false;
  }
}
