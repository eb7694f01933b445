// The few parts of oidc-provider (a devDependency without its own types) the tests and the
// journeys use (e2e/tsconfig.json includes this file): the stand-in identity service of
// docs/notes/identity-verification.md.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderAccount {
    accountId: string;
    claims: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    static ProviderAccount: ProviderAccount;
  }
}
