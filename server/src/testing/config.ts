/** The settings router tests run with. */
import { readConfig, type Config } from '../config';

/**
 * Development settings whose public URL is http://localhost, the origin app.request() gives a bare
 * path, so links in mails, feeds and pages read the same as the request a test sent.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...readConfig({ PUBLIC_URL: 'http://localhost' }), ...overrides };
}
