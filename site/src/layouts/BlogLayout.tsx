/**
 * The blog layout of spec 2.7 (issue #15), inside the default layout's header and footer: a band
 * with the blog's name and tagline, and a narrow reading column for /blog and its posts. On /blog
 * the name is the page's heading; on a post it links back to the list and the post has the heading.
 */
import { ROUTES, paths } from '@nordlys/sdk/routes';
import { Outlet, useMatch } from 'react-router';
import { Link } from '../lib/Link';
import { useRootData } from '../root';

/** What the blog is about, under its name. */
export const BLOG_TAGLINE = 'Hiring, working and building at Nordic startups: advice from our team, and stories from the startups hiring here.';

/** The blog's name, e.g. 'The Nordlys blog'. */
export const blogName = (productName: string) => `The ${productName} blog`;

export function Component() {
  const { productName } = useRootData();
  const onList = useMatch(ROUTES.blog.path) !== null;
  const name = blogName(productName);
  return (
    <div className="blog-layout">
      <div className="blog-band">
        <div className="blog-column blog-band__inner">
          {onList ? (
            <h1 className="blog-band__name">{name}</h1>
          ) : (
            <p className="blog-band__name">
              <Link to={paths.blog()}>{name}</Link>
            </p>
          )}
          <p className="blog-band__tagline">{BLOG_TAGLINE}</p>
        </div>
      </div>
      <div className="blog-column blog-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
