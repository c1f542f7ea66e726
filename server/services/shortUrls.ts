/**
 * Short addresses of marketing codes (modules/logistics/shortUrl.ts): the token alphabet, a new
 * token, and the printed address of a token (also in the barcode query's answer).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TOKEN_LENGTH = 8;
export const TOKEN_PATTERN = `^[${ALPHABET}]{${TOKEN_LENGTH}}$`;

/** 8 characters of 57 (no 0/O, 1/l/I): about 46 bits, unguessable for a printed address. */
export function newShortToken(): string {
  let out = '';
  while (out.length < TOKEN_LENGTH) {
    for (const b of randomBytes(TOKEN_LENGTH * 2)) {
      // 228 = 4 * 57: bytes above it are skipped, so every character is equally likely.
      if (b < 228 && out.length < TOKEN_LENGTH) out += ALPHABET[b % ALPHABET.length];
    }
  }
  return out;
}

export const shortUrlOf = (req: FastifyRequest, token: string) => `${req.protocol}://${req.host}/s/${token}`;
