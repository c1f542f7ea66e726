/**
 * The product's default logo drawn in the page (the same drawing as public/logo.svg, imported
 * as text), for the light sign-in page while the tenant has no logo of its own: an <img> of an
 * SVG builds a whole separate document before the first paint, about 20 ms of the main thread
 * on a slow machine (issue 10 section 4). The shell keeps the <img>.
 */
import logoSvg from '../../../public/logo.svg?raw';

/** The drawing without its own root role and name: the wrapper carries them. */
const DRAWING = logoSvg
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/\s+role="img"/, '')
  .replace(/\s+aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"')
  .replace(/>\s+</g, '><')
  .trim();

export function DefaultLogo({ label }: { label: string }) {
  return <span className="si-logo" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: DRAWING }} />;
}
