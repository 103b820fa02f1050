/** Display formatting only the site needs: host names (the shared labels live in @nordlys/sdk/format; city slugs are sdk placeKey). */
import { withScheme } from '@nordlys/sdk/with-scheme';

/** "example.com" from "https://www.example.com/about", for link texts. */
export function displayHost(url: string): string {
  try {
    return new URL(withScheme(url)).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
