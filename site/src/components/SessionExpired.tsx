/** The 403 page of spec 2.6, shown after a 403 while logged in (spec 8) until the session goes to the front page. */
import { paths } from '@nordlys/sdk/routes';
import { useEffect } from 'react';
import { Link } from '../lib/Link';
import { pageTitle } from '../meta';

export const SESSION_EXPIRED_TEXT = 'Session expired, redirecting you to frontpage';

export function SessionExpired({ productName }: { productName: string }) {
  useEffect(() => {
    document.title = pageTitle('Session expired', productName);
  }, [productName]);
  return (
    <section className="error-page container" role="status">
      <h1>{SESSION_EXPIRED_TEXT}</h1>
      <p>
        <Link to={paths.home()}>Back to home</Link>
      </p>
    </section>
  );
}
