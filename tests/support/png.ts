/** A tiny RGB PNG encoder for tests (zlib + crc32 from node:zlib): exact sizes, no packages. */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export type Rgb = readonly [number, number, number];

export interface PngOptions {
  /** Random (incompressible) pixels, for files that must really be large. */
  noise?: boolean;
  /** The colour of each pixel; default a flat 0xb8 grey-red. */
  fill?: (x: number, y: number) => Rgb;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(width: number, height: number, { noise = false, fill }: PngOptions = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    if (fill) {
      for (let x = 0; x < width; x++) raw.set(fill(x, y), y * row + 1 + x * 3);
    } else {
      const pixels = noise ? crypto.randomBytes(width * 3) : Buffer.alloc(width * 3, 0xb8);
      pixels.copy(raw, y * row + 1);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Only the start of a PNG: signature and an IHDR claiming `width` x `height` (up to 2^31-1),
 * one empty IDAT and IEND. Enough for anything that reads the header; nothing to decode.
 */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
