// @vitest-environment happy-dom
/** A startup's blog posts (issue #15, /client/startups/{company}/blog): states, publish, unpublish, and delete after a confirmation. */
import { BLOG_MESSAGES } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../../modals/test-helpers';
import * as startupBlog from '../../routes/client/startups/[company]/blog/index';
import { managedPost } from '../../testing/blog';
import { demoUsers } from '../../testing/fixtures';

afterEach(cleanup);

const company = { id: 1, key: 'northwind-labs', name: 'Northwind Labs', logoImage: null };
const posts = [
  managedPost({ id: 1, title: 'Our next hire', slug: 'our-next-hire', company }),
  managedPost({ id: 2, title: 'Ten hires', slug: 'ten-hires', company, publishedAt: '2026-05-01T08:00:00.000Z', public: true }),
];

function open(handlers: Handlers = {}) {
  return renderPage(startupBlog, '/client/startups/:company/blog', '/client/startups/northwind-labs/blog', {
    'GET users/me': () => jsonAnswer(demoUsers.founder),
    'GET companies/northwind-labs/blog': () => jsonAnswer({ posts }),
    ...handlers,
  });
}

const row = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

describe("a startup's blog posts", () => {
  it('lists drafts and published posts with their state and actions', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Blog posts' });
    expect(screen.getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/client/startups/northwind-labs/blog/new');
    const draft = row('Our next hire');
    expect(draft.textContent).toContain('Draft: only the team of Northwind Labs sees it');
    expect(within(draft).getByRole('link', { name: 'Edit Our next hire' }).getAttribute('href')).toBe('/client/startups/northwind-labs/blog/1');
    expect(within(draft).queryByRole('link', { name: /^Read/ })).toBeNull();
    const out = row('Ten hires');
    expect(out.textContent).toContain('Published 1 May 2026');
    expect(within(out).getByRole('link', { name: 'Read Ten hires on the blog' }).getAttribute('href')).toBe('/blog/ten-hires');
    expect(within(out).getByRole('button', { name: 'Unpublish Ten hires' })).toBeTruthy();
  });

  it("publishes a draft, or says why not in the server's words", async () => {
    let refuse = true;
    open({
      'POST companies/northwind-labs/blog/1/publish': () =>
        refuse
          ? jsonAnswer({ message: BLOG_MESSAGES.bodyToPublish, code: 'E_VALIDATION', errors: { body: [BLOG_MESSAGES.bodyToPublish] } }, 400)
          : jsonAnswer({ ...posts[0], publishedAt: '2026-05-05T08:00:00.000Z', public: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Blog posts' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish Our next hire' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`“Our next hire”: ${BLOG_MESSAGES.bodyToPublish}`));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Publish Our next hire' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Our next hire” is published on the blog.'));
    expect(within(row('Our next hire')).getByRole('button', { name: 'Unpublish Our next hire' })).toBeTruthy();
  });

  it('deletes a post only after a confirmation', async () => {
    const { sent } = open({ 'DELETE companies/northwind-labs/blog/2': () => new Response(null, { status: 204 }) });
    await screen.findByRole('heading', { level: 1, name: 'Blog posts' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ten hires' }));
    const confirm = screen.getByRole('group', { name: /Delete “Ten hires”\? It cannot be undone, and its address stops working\./ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE companies/northwind-labs/blog/2')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ten hires' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Ten hires” is deleted.'));
    expect(screen.queryByRole('link', { name: 'Ten hires' })).toBeNull();
    expect(sent('DELETE companies/northwind-labs/blog/2')).toHaveLength(1);
  });
});
