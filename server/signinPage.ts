/**
 * GET /login: the sign-in page. With `?code=` the answer is the light sign-in page prerendered
 * at build time (scripts/prerender-signin.ts, dist/prerender/signin.<lang>.html) in the language
 * of `?lang=`, else of the language cookie the app keeps (oioc.lang), else zh_TW, with the
 * tenant code and the year filled in: the form paints with the HTML, before any script
 * (issue 10 section 4). Without a code, or without a prerendered page, it is the SPA's
 * index.html as for any page route.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANG, isLang, type Lang } from '../src/domain/lang';
import { SIGNIN_CODE_SLOT, SIGNIN_YEAR_SLOT } from '../src/engine/signin/slots';

/** Longer codes are no tenant's: the plain index.html answers (the page says the tenant is unknown). */
const MAX_CODE_LENGTH = 64;

/**
 * The prerendered page of `lang`, read per request like index.html (a rebuild of dist/ while the
 * server runs takes effect at once: the page names the hashed assets of its build), kept while
 * its file is unchanged; null when the build has none.
 */
const cache = new Map<string, { mtimeMs: number; html: string }>();
async function signInPage(staticDir: string, lang: Lang): Promise<string | null> {
  const file = path.join(staticDir, 'prerender', `signin.${lang}.html`);
  try {
    const { mtimeMs } = await fs.promises.stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.html;
    const html = await fs.promises.readFile(file, 'utf8');
    cache.set(file, { mtimeMs, html });
    return html;
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cookieLang(header: string | undefined): Lang | null {
  const m = /(?:^|;\s*)oioc\.lang=([^;]*)/.exec(header ?? '');
  const v = m ? m[1].trim() : null; // a language code is plain ASCII: nothing to decode
  return isLang(v) ? v : null;
}

export function signInPageRoute(app: FastifyInstance, staticDir: string): void {
  app.get<{ Querystring: Record<string, unknown> }>('/login', { schema: { hide: true } }, async (req, reply) => {
    const code = req.query.code;
    const wanted = req.query.lang;
    const lang = isLang(wanted) ? wanted : cookieLang(req.headers.cookie) ?? DEFAULT_LANG;
    reply.header('cache-control', 'no-cache');
    const page = typeof code === 'string' && code && code.length <= MAX_CODE_LENGTH ? await signInPage(staticDir, lang) : null;
    if (!page || typeof code !== 'string') return reply.sendFile('index.html');
    return reply
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(page.replaceAll(SIGNIN_CODE_SLOT, escapeHtml(code)).replaceAll(SIGNIN_YEAR_SLOT, String(new Date().getFullYear())));
  });
}
