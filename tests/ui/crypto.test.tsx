/** The password encryption of the sign-in contract: both paths decrypt with the private key. */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptMima } from '../../src/engine/api/crypto';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

function decrypt(b64: string): string {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');
}

describe('encryptMima', () => {
  it('uses WebCrypto RSA-OAEP SHA-256 where crypto.subtle exists', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    const cipher = await encryptMima('Passw0rd!密碼', publicKey);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decrypt(cipher)).toBe('Passw0rd!密碼');
  });

  it('falls back to node-forge (plain-http pages) with the same result', async () => {
    const cipher = await encryptMima('Passw0rd!密碼', publicKey, { forceForge: true });
    expect(decrypt(cipher)).toBe('Passw0rd!密碼');
  });
});
