/** The little of oidc-provider 9 (no bundled types) that tests/support/oidcProvider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Interaction { uid: string; params: Record<string, unknown> }
  interface Account { accountId: string; claims: () => Promise<Record<string, unknown>> }
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & {
      findAccount?: (ctx: unknown, sub: string) => Promise<Account>;
      interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
    });
    Client: { prototype: { redirectUriAllowed: (uri: string) => boolean } };
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
