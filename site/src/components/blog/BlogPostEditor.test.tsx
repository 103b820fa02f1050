// @vitest-environment happy-dom
/**
 * The blog post editor (issue #15) on the admins' route, against a fake /api: field messages from the
 * sdk schema and from the server's 400, what was typed kept through failures, the first save moving
 * 'new' to the post's address, publishing only with text, unpublishing, and the unsaved-changes prompt.
 */
import { BLOG_MESSAGES, type BlogPostInput } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonAnswer, renderPage, type Handlers } from '../../modals/test-helpers';
import * as editorRoute from '../../routes/client/blog/[post]';
import * as startupEditorRoute from '../../routes/client/startups/[company]/blog/[post]';
import { managedPost } from '../../testing/blog';
import { demoUsers } from '../../testing/fixtures';

afterEach(cleanup);

const admin: Handlers = { 'GET users/me': () => jsonAnswer(demoUsers.admin) };

function open(url: string, handlers: Handlers = {}) {
  return renderPage(editorRoute, '/client/blog/:post', url, { ...admin, ...handlers });
}

const title = () => screen.getByRole('textbox', { name: 'Title (required)' }) as HTMLInputElement;
const summary = () => screen.getByRole('textbox', { name: /^Summary/ }) as HTMLTextAreaElement;
const body = () => screen.getByRole('textbox', { name: 'Post (required)' });

function write(html: string) {
  const editor = body();
  editor.innerHTML = html;
  fireEvent.input(editor);
}

describe('the blog post editor', () => {
  it("saves a new post as a draft, and the address becomes the post's", async () => {
    let stored = managedPost();
    const { sent, where } = open('/client/blog/new', {
      'POST blog-admin/posts': (call) => {
        const input = call.json as BlogPostInput;
        stored = managedPost({ id: 31, title: input.title, ownExcerpt: input.excerpt ?? '', body: input.body ?? '' });
        return jsonAnswer(stored, 201);
      },
      // The page's loader runs again at the new address.
      'GET blog-admin/posts/31': () => jsonAnswer(stored),
    });
    await screen.findByRole('heading', { level: 1, name: 'New post' });
    fireEvent.change(title(), { target: { value: 'Hiring in the North' } });
    fireEvent.change(summary(), { target: { value: 'Where startups hire.' } });
    write('<p>Startups hire all year.</p>');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(where()).toBe('/client/blog/31'));
    expect(sent('POST blog-admin/posts')).toEqual([{ title: 'Hiring in the North', excerpt: 'Where startups hire.', body: '<p>Startups hire all year.</p>', coverImage: null }]);
    expect(screen.getByRole('status').textContent).toBe('The draft is saved.');
    // The same form, as typed, with the post's state above it.
    expect(title().value).toBe('Hiring in the North');
    expect(screen.getByRole('heading', { level: 2, name: 'Status: Draft' })).toBeTruthy();
    expect(screen.getByText('All changes are saved.')).toBeTruthy();
  });

  it('shows the sdk messages before sending, and the server’s 400 under the fields, keeping what was typed', async () => {
    const { sent } = open('/client/blog/new', {
      'POST blog-admin/posts': () => jsonAnswer({ message: BLOG_MESSAGES.cover, code: 'E_VALIDATION', errors: { coverImage: [BLOG_MESSAGES.cover], title: ['That title is taken'] } }, 400),
    });
    await screen.findByRole('heading', { level: 1, name: 'New post' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(document.getElementById('post-title-error')?.textContent).toBe(BLOG_MESSAGES.title));
    expect(document.activeElement).toBe(title());
    expect(sent('POST blog-admin/posts')).toEqual([]);

    fireEvent.change(title(), { target: { value: 'Our story' } });
    write('<p>It began in Oslo.</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(document.getElementById('post-title-error')?.textContent).toBe('That title is taken'));
    expect(document.getElementById('post-cover-error')?.textContent).toBe(BLOG_MESSAGES.cover);
    expect(screen.getByText('Please correct the fields below')).toBeTruthy();
    expect(title().value).toBe('Our story');
    expect(body().innerHTML).toBe('<p>It began in Oslo.</p>');
  });

  it('keeps what was typed when the server fails, and says so', async () => {
    const { where } = open('/client/blog/new', { 'POST blog-admin/posts': () => jsonAnswer({ message: 'Something went wrong on our side. Please try again.', code: 'E_INTERNAL' }, 500) });
    await screen.findByRole('heading', { level: 1, name: 'New post' });
    fireEvent.change(title(), { target: { value: 'Still here' } });
    write('<p>Every word.</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy());
    expect(title().value).toBe('Still here');
    expect(body().innerHTML).toBe('<p>Every word.</p>');
    expect(where()).toBe('/client/blog/new');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('publishes only with text: the message first, then save and publish', async () => {
    const stored = managedPost({ id: 7, body: '' });
    const { sent } = open('/client/blog/7', {
      'GET blog-admin/posts/7': () => jsonAnswer(stored),
      'PUT blog-admin/posts/7': (call) => jsonAnswer({ ...stored, body: (call.json as BlogPostInput).body }),
      'POST blog-admin/posts/7/publish': () => jsonAnswer({ ...stored, body: '<p>Out now.</p>', publishedAt: '2026-05-04T08:00:00.000Z', public: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(document.getElementById('post-body-error')?.textContent).toBe(BLOG_MESSAGES.bodyToPublish));
    expect(sent('POST blog-admin/posts/7/publish')).toEqual([]);

    write('<p>Out now.</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“Nordlys news” is published on the blog.'));
    expect(sent('PUT blog-admin/posts/7')).toEqual([{ title: 'Nordlys news', excerpt: 'What is new.', body: '<p>Out now.</p>', coverImage: null }]);
    expect(sent('POST blog-admin/posts/7/publish')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Read it on the blog' }).getAttribute('href')).toBe('/blog/nordlys-news');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
  });

  it('unpublishes a published post', async () => {
    const stored = managedPost({ publishedAt: '2026-05-04T08:00:00.000Z', public: true });
    const { sent } = open('/client/blog/7', {
      'GET blog-admin/posts/7': () => jsonAnswer(stored),
      'POST blog-admin/posts/7/unpublish': () => jsonAnswer({ ...stored, publishedAt: null, public: false }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Status: Published' });
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Status: Draft' })).toBeTruthy());
    expect(sent('POST blog-admin/posts/7/unpublish')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { where } = open('/client/blog/7', { 'GET blog-admin/posts/7': () => jsonAnswer(managedPost()) });
    await screen.findByRole('heading', { level: 1, name: 'Edit post' });
    fireEvent.change(title(), { target: { value: 'Nordlys news, updated' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to the posts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('You have not saved your changes to the post.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(where()).toBe('/client/blog/7');
    expect(title().value).toBe('Nordlys news, updated');
  });

  it('is no page for anyone but an admin', async () => {
    const { where } = renderPage(editorRoute, '/client/blog/:post', '/client/blog/new', { 'GET users/me': () => jsonAnswer(demoUsers.founder) });
    await screen.findByText('Error page');
    expect(where()).toBe('/client/blog/new');
  });

  it("uploads a startup's cover for the startup, and sends its posts to the startup's routes", async () => {
    const { sent } = renderPage(startupEditorRoute, '/client/startups/:company/blog/:post', '/client/startups/northwind-labs/blog/new', {
      'GET users/me': () => jsonAnswer(demoUsers.founder),
      'POST companies/northwind-labs/blog': (call) => jsonAnswer(managedPost({ id: 5, title: (call.json as BlogPostInput).title }), 201),
    });
    await screen.findByRole('heading', { level: 1, name: 'New post' });
    expect(screen.getByText(/A post by Northwind Labs on the blog/)).toBeTruthy();
    fireEvent.change(title(), { target: { value: 'Life at Northwind' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sent('POST companies/northwind-labs/blog')).toHaveLength(1));
  });
});
