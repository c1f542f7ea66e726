/** The pixel size of an image file in the browser, as it is shown (EXIF orientation applied). */

export interface Pixels {
  width: number;
  height: number;
}

/** How long an <img> may take to decode before we give up and leave the check to the server. */
const DECODE_TIMEOUT_MS = 10_000;

/** The image's width and height, or null when this browser cannot decode it. */
export async function imagePixels(file: Blob): Promise<Pixels | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close?.();
      return size;
    } catch {
      return null;
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (size: Pixels | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(size);
    };
    const timer = setTimeout(() => done(null), DECODE_TIMEOUT_MS);
    img.onload = () => done(img.naturalWidth && img.naturalHeight ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => done(null);
    img.src = url;
  });
}
