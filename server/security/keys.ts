/**
 * The RSA key pair for password transport (DESIGN.md "Sign-in contract"). Generated at the
 * first start and kept in server_secrets, so a login page loaded before a restart (or served
 * by another node) still encrypts with a key the server can open.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index';

export interface ServerKeys {
  /** SPKI PEM, published in config as passwordPublicKey. */
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
}

const PRIVATE = 'password_rsa_private_pkcs8';
const PUBLIC = 'password_rsa_public_spki';

function fromPem(privatePem: string, publicPem: string): ServerKeys {
  return { publicKeyPem: publicPem, privateKey: crypto.createPrivateKey(privatePem) };
}

export async function loadOrCreateKeys(db: Db): Promise<ServerKeys> {
  const read = async () => {
    const rows = await db.selectFrom('server_secrets').select(['name', 'value']).where('name', 'in', [PRIVATE, PUBLIC]).execute();
    const map = new Map(rows.map((r) => [r.name, r.value]));
    const priv = map.get(PRIVATE);
    const pub = map.get(PUBLIC);
    return priv && pub ? fromPem(priv, pub) : null;
  };
  const existing = await read();
  if (existing) return existing;

  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // Two nodes starting together: the first insert wins and both read it back.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('server_secrets')
      .values([{ name: PRIVATE, value: privateKey }, { name: PUBLIC, value: publicKey }])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  });
  const stored = await read();
  if (!stored) throw new Error('could not store the password key pair');
  return stored;
}

/**
 * The UTF-8 text of a base64 RSA-OAEP-SHA-256 ciphertext; null when it cannot be opened
 * (not base64, wrong key, tampered).
 */
export function decryptMima(keys: ServerKeys, ciphertext: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
  try {
    const plain = crypto.privateDecrypt(
      { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
