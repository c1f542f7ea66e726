/**
 * The product's default logo drawn in the page (the same drawing as public/logo.svg, imported
 * as text), while the tenant has no logo of its own: on the light sign-in page and in the
 * shell. An <img> of an SVG is a separate document the browser builds on the main thread before
 * it can paint it: 20-36 ms of the sign-in page's first paint on a slow machine, and the shell's
 * logo showed ~250 ms after the shell (issue 10 section 4). The drawing fills the element; the
 * caller sizes it through `className`.
 */
import logoSvg from '../../../public/logo.svg?raw';

/** The drawing without its own root role, name or size: the wrapper carries them. */
const DRAWING = logoSvg
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/\s+role="img"/, '')
  .replace(/\s+aria-label="[^"]*"/, ' aria-hidden="true" focusable="false"')
  .replace(/\s+width="\d+"\s+height="\d+"/, ' width="100%" height="100%" style="display:block"')
  .replace(/>\s+</g, '><')
  .trim();

export function DefaultLogo({ label, className }: { label: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: DRAWING is this file's constant, built at load from no input
  return <span className={className} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: DRAWING }} />;
}
