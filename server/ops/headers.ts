/**
 * Security headers on every answer (@fastify/helmet), issue 25:
 *
 * - `x-content-type-options: nosniff`, `referrer-policy: no-referrer`, HSTS, COOP, and a
 *   cross-origin resource policy that still lets a marketing page on a client's domain show
 *   the uploaded images;
 * - a Content-Security-Policy without 'unsafe-inline' scripts. The built pages carry two small
 *   inline scripts (the route preload of scripts/route-preload.ts and the sign-in page's
 *   pending flag): their sha256 hashes are read from the built HTML (again when the build
 *   changes) and listed, so only those exact scripts run. The back office keeps 'unsafe-eval':
 *   ajv compiles the forms' JSON schemas in the browser (decisions.md, issue 25);
 * - the back office can be framed by nobody (`frame-ancestors 'none'`, X-Frame-Options DENY);
 *   the consumer page (CONSUMER_PAGE_HELMET, a route option) only by this origin, for the
 *   marketing screen's preview, and runs no inline script and no eval.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** 'sha256-…' of every inline script in the given HTML. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => m[1].trim() !== '')
    .map((m) => `'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}

function htmlFiles(staticDir: string): string[] {
  const prerender = path.join(staticDir, 'prerender');
  const pre = fs.existsSync(prerender) ? fs.readdirSync(prerender).filter((f) => f.endsWith('.html')).map((f) => path.join(prerender, f)) : [];
  return [path.join(staticDir, 'index.html'), ...pre].filter((f) => fs.existsSync(f));
}

/** The hashes of the back office's inline scripts, read again at most every 2 s when index.html changed. */
function scriptHashes(staticDir: string): () => string {
  let checkedAt = 0;
  let mtime = -1;
  let value = '';
  return () => {
    const now = Date.now();
    if (now - checkedAt < 2_000) return value;
    checkedAt = now;
    let m = 0;
    try { m = fs.statSync(path.join(staticDir, 'index.html')).mtimeMs; } catch { m = 0; }
    if (m !== mtime) {
      mtime = m;
      const all = new Set<string>();
      for (const f of htmlFiles(staticDir)) for (const h of inlineScriptHashes(fs.readFileSync(f, 'utf8'))) all.add(h);
      value = [...all].join(' ');
    }
    return value;
  };
}

const COMMON = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  // MUI/emotion insert <style> elements: inline styles stay allowed, inline scripts do not.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Uploaded images may live on STATIC_HOST, and pages show images by https address.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
};

function helmetOptions(staticDir: string): FastifyHelmetOptions {
  const hashes = scriptHashes(staticDir);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...COMMON,
        scriptSrc: ["'self'", "'unsafe-eval'", () => hashes()],
        // The marketing screen previews the consumer page in a frame of this origin.
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // The consumer page's links open a client's other sites; the back office opens no popups it needs to talk to.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Route option (`helmet: CONSUMER_PAGE_HELMET`) of the consumer page: framed by this origin only. */
export const CONSUMER_PAGE_HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...COMMON, scriptSrc: ["'self'"], frameSrc: ["'none'"], frameAncestors: ["'self'"] },
  },
  frameguard: { action: 'sameorigin' },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
};

export async function securityHeaders(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(helmet, helmetOptions(staticDir));
}
