/**
 * Password encryption of the sign-in contract (DESIGN.md): RSA-OAEP with SHA-256 under the
 * tenant config's `passwordPublicKey` (SPKI PEM), base64 ciphertext. WebCrypto where
 * `crypto.subtle` exists (secure contexts); otherwise node-forge, imported lazily so that
 * only plain-http LAN pages load it.
 */

function pemBody(pem: string): string {
  return pem.replace(/-----BEGIN [^-]+-----/, '').replace(/-----END [^-]+-----/, '').replace(/\s+/g, '');
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}

function subtle(): SubtleCrypto | undefined {
  return typeof globalThis.crypto !== 'undefined' ? globalThis.crypto.subtle : undefined;
}

async function encryptWithWebCrypto(s: SubtleCrypto, plain: string, pem: string): Promise<string> {
  const key = await s.importKey('spki', base64ToBytes(pemBody(pem)), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await s.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return bytesToBase64(new Uint8Array(cipher));
}

async function encryptWithForge(plain: string, pem: string): Promise<string> {
  const mod = await import('node-forge');
  const forge = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const key = forge.pki.publicKeyFromPem(pem);
  const cipher = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

/** base64 RSA-OAEP-SHA-256 ciphertext of the UTF-8 password. */
export async function encryptMima(plain: string, publicKeyPem: string, options: { forceForge?: boolean } = {}): Promise<string> {
  const s = options.forceForge ? undefined : subtle();
  if (s) return encryptWithWebCrypto(s, plain, publicKeyPem);
  return encryptWithForge(plain, publicKeyPem);
}
