/**
 * Password storage: argon2id (m=19456 KiB, t=2, p=1, the OWASP minimum), PHC strings.
 * Plain passwords live only in local variables of a request; they are never logged.
 */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm is left at the library default, argon2id (its const enum cannot be imported
// under isolatedModules); tests assert the stored hash starts with $argon2id$.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spend the time of one verification when there is no account, so timing reveals nothing. */
export async function verifyNothing(password: string): Promise<void> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGIT = '23456789';

/** A random 16-character password that satisfies the password rule (no look-alike letters). */
export function generatePassword(length = 16): string {
  const pick = (set: string) => set[crypto.randomInt(set.length)];
  const all = LOWER + UPPER + DIGIT;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGIT)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
