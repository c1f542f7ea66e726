/**
 * A real OpenID provider for the social sign-in tests (issue 29): `oidc-provider` in this
 * process on a free port, one confidential client per platform (LINE and Facebook post their
 * secret, Google uses HTTP Basic, as the platforms do). Its sign-in page asks only who you are
 * (`sub`): the form the e2e spec fills, and `authorize` (API tests) posts it, following the
 * provider's redirects with its cookies until it sends the shopper back to the client.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENTS = {
  line: { clientId: 'line-channel', clientSecret: 'line-secret-1', auth: 'client_secret_post' },
  facebook: { clientId: 'facebook-app', clientSecret: 'facebook-secret-1', auth: 'client_secret_post' },
  google: { clientId: 'google-client.apps.example', clientSecret: 'google-secret-1', auth: 'client_secret_basic' },
} as const;

export interface TestProvider {
  issuer: string;
  /** Signs `sub` in at the authorization URL and answers where the provider sends the browser back (the client's redirect URI with code, state, iss). */
  authorize: (url: string, sub: string) => Promise<URL>;
  close: () => Promise<void>;
}

const page = (uid: string, client: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test OpenID provider</title></head>
<body style="font-family:sans-serif;max-width:22rem;margin:2rem auto;padding:0 1rem">
<h1 style="font-size:1.3rem">Test OpenID provider</h1><p>Sign in to <b>${client.replace(/[<>&"]/g, '')}</b></p>
<form method="post" action="/interaction/${uid}"><label>Account <input name="sub" required autocomplete="off"></label>
<p><button type="submit">Sign in</button></p></form></body></html>`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(port = 0): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: Object.values(TEST_CLIENTS).map((c) => ({
      client_id: c.clientId, client_secret: c.clientSecret, token_endpoint_auth_method: c.auth,
      grant_types: ['authorization_code'], response_types: ['code'], redirect_uris: [`${issuer}/never`],
    })),
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, email: `${sub}@example.test`, name: sub }) }),
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oioc-test-provider'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  // The clients' redirect URIs are the pages of tenants the tests create: any is allowed here
  // (the exact match is the provider's business; the server's consistency is checked by the code exchange).
  provider.Client.prototype.redirectUriAllowed = () => true;
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const m = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!m) { callback(req, res); return; }
    (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details.uid, String(details.params.client_id)));
        return;
      }
      const sub = (await readForm(req)).get('sub')?.trim();
      if (!sub) { res.writeHead(400).end('sub required'); return; }
      const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => { if (!res.headersSent) res.writeHead(500).end(String(err)); });
  });

  async function authorize(url: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    let next = new URL(url);
    let body: string | undefined;
    for (let hop = 0; hop < 10; hop += 1) {
      if (next.origin !== issuer) return next;
      if (/^\/interaction\//.test(next.pathname) && body === undefined) {
        body = new URLSearchParams({ sub }).toString();
        const res = await fetch(next, { method: 'POST', redirect: 'manual', headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' }, body });
        keep(res);
        next = new URL(res.headers.get('location') ?? '', next);
        continue;
      }
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } });
      keep(res);
      const location = res.headers.get('location');
      if (!location) throw new Error(`test provider: no redirect from ${next.pathname} (${res.status}): ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error('test provider: too many redirects');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
