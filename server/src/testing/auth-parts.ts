/** In-memory auth parts for tests: a mailer that records, a captcha with one good answer, a provider with known tokens. */
import { Hono } from 'hono';
import type { AuthParts } from '../auth-parts';
import type { Captcha } from '../captcha/types';
import type { MailMessage, Mailer } from '../mail/types';
import type { ProviderProfile, ProviderSignIn } from '../oidc/types';

/** Records every message; `failNext` makes the next sends reject, like an SMTP server that is down. */
export class RecordingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  failing = false;

  async send(message: MailMessage): Promise<{ messageId: string }> {
    if (this.failing) throw new Error('SMTP connection refused (test mailer)');
    this.sent.push(message);
    return { messageId: `<test-${this.sent.length}@nordlys.test>` };
  }

  async close(): Promise<void> {}

  /** The last message sent to an address. */
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  }
}

/** Accepts only TEST_CAPTCHA_OK; counts every check and keeps the IPs it was given. */
export class TestCaptcha implements Captcha {
  static readonly OK = 'test-captcha-ok';
  /** Not the config default, so a test can tell that config-base serves the parts' settings. */
  readonly settings = { kind: 'altcha', challengeUrl: '/api/captcha/test-challenge' } as const;
  uses = 0;
  readonly ips: (string | undefined)[] = [];

  async verify(response: string, remoteIp?: string): Promise<boolean> {
    this.uses++;
    this.ips.push(remoteIp);
    return response === TestCaptcha.OK;
  }
}
export const TEST_CAPTCHA_OK = TestCaptcha.OK;

/** Maps access tokens to profiles; an unknown token is refused with code 'invalid_token'. */
export class TestProvider implements ProviderSignIn {
  readonly name = 'LinkedIn';
  readonly profiles = new Map<string, ProviderProfile>();
  /** Set to make every call fail as if the provider were down. */
  down = false;

  async profile(accessToken: string): Promise<ProviderProfile> {
    if (this.down) throw new Error('connect ECONNREFUSED (test provider)');
    const profile = this.profiles.get(accessToken);
    if (!profile) throw Object.assign(new Error('The access token is not valid'), { code: 'invalid_token' });
    return profile;
  }
}

export interface TestAuthParts extends AuthParts {
  mailer: RecordingMailer;
  captcha: TestCaptcha;
  provider: TestProvider | null;
}

/** Fresh parts for one test app; `provider: false` models a server without a configured provider. */
export function createTestAuthParts({ provider = true }: { provider?: boolean } = {}): TestAuthParts {
  return {
    mailer: new RecordingMailer(),
    captcha: new TestCaptcha(),
    provider: provider ? new TestProvider() : null,
    // Like the real captcha route: under /api, so it must be mounted before the /api catch-all.
    routes: new Hono().get('/api/captcha/test-challenge', (c) => c.json({ challenge: 'test' })),
    close: async () => {},
  };
}
