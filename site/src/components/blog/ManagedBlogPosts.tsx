/**
 * A writer's posts (issue #15), for a startup's area and the admins' /client/blog alike: drafts and
 * published posts, last changed first, each with Edit, Read (when public), Publish or Unpublish, and
 * Delete after a confirmation; New post above them.
 */
import { paths } from '@nordlys/sdk/routes';
import type { ManagedBlogPostSummary } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/Link';
import { failureMessage } from '../form/errors';
import { RelativeTime } from '../RelativeTime';
import { ConfirmRow } from '../TeamManager';
import { FormAlert } from '../../modals/fields';
import { useApi } from '../../modals/useApi';
import { postState, postStateText, POST_STATE_LABEL, writerPostPath, type BlogWriter } from './writers';

export interface ManagedBlogPostsProps {
  writer: BlogWriter;
  posts: ManagedBlogPostSummary[];
  /** The page's lead under its heading. */
  lead: string;
}

export function ManagedBlogPosts({ writer, posts: initial, lead }: ManagedBlogPostsProps) {
  const api = useApi();
  const { scope } = writer;
  const [posts, setPosts] = useState(initial);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setPosts(initial), [initial]);

  /** Runs one row's action (one at a time); the row shows the answer. */
  async function run(post: ManagedBlogPostSummary, action: () => Promise<ManagedBlogPostSummary | null>, done: (after: ManagedBlogPostSummary | null) => string) {
    if (working !== null) return;
    setWorking(post.id);
    setAlert(null);
    setStatus(null);
    try {
      const after = await action();
      setPosts((list) => (after ? list.map((p) => (p.id === post.id ? after : p)) : list.filter((p) => p.id !== post.id)));
      setStatus(done(after));
      if (!after) {
        setConfirming(null);
        // Its row is gone: focus goes to the page's heading, so keyboard users are not lost.
        requestAnimationFrame(() => heading.current?.focus());
      }
    } catch (error) {
      setConfirming(null);
      setAlert(`“${post.title}”: ${failureMessage(error, 'that did not work. Please try again.')}`);
    } finally {
      setWorking(null);
    }
  }

  const publish = (post: ManagedBlogPostSummary) =>
    run(
      post,
      () => api.blog.publish(scope, post.id),
      (after) => (after?.public ? `“${post.title}” is published on the blog.` : `“${post.title}” is published. It shows on the blog once ${writer.name} is approved.`),
    );
  const unpublish = (post: ManagedBlogPostSummary) => run(post, () => api.blog.unpublish(scope, post.id), () => `“${post.title}” is unpublished: readers no longer see it.`);
  const remove = (post: ManagedBlogPostSummary) =>
    run(
      post,
      async () => {
        await api.blog.remove(scope, post.id);
        return null;
      },
      () => `“${post.title}” is deleted.`,
    );

  return (
    <div className="blog-writer">
      <header className="page-head blog-writer__head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Blog posts
          </h1>
          <p className="page-head__lead">{lead}</p>
        </div>
        <Link to={writerPostPath(scope, 'new')} className="button button--primary">
          New post
        </Link>
      </header>
      <div aria-live="polite">
        {status ? (
          <p className="form-status" role="status">
            {status}
          </p>
        ) : null}
      </div>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {posts.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">No posts yet</h2>
          <p>
            Write about your team, how you work or what you are building. Published posts appear on <Link to={paths.blog()}>the blog</Link> for everyone to read.
          </p>
          <p>
            <Link to={writerPostPath(scope, 'new')} className="button button--primary">
              Write the first post
            </Link>
          </p>
        </div>
      ) : (
        <ul className="row-list blog-writer__list" aria-label="Posts, last changed first">
          {posts.map((post) => {
            const state = postState(post);
            const busy = working === post.id;
            return (
              <li key={post.id}>
                <div className="row-list__main">
                  <span className="row-list__title">
                    <Link to={writerPostPath(scope, post.id)}>{post.title}</Link>{' '}
                    <span className={`badge blog-state blog-state--${state}`}>{POST_STATE_LABEL[state]}</span>
                  </span>
                  <span className="row-list__meta">
                    {postStateText(post, writer)} · Changed <RelativeTime iso={post.updatedAt} />
                  </span>
                </div>
                {confirming === post.id ? (
                  <ConfirmRow
                    text={`Delete “${post.title}”? It cannot be undone${state === 'draft' ? '' : ', and its address stops working'}.`}
                    action="Delete post"
                    busy={busy}
                    onConfirm={() => void remove(post)}
                    onCancel={() => setConfirming(null)}
                  />
                ) : (
                  <div className="row-list__actions">
                    <Link to={writerPostPath(scope, post.id)} className="button button--ghost button--small">
                      Edit<span className="visually-hidden"> {post.title}</span>
                    </Link>
                    {post.public ? (
                      <Link to={paths.blogPost(post.slug)} className="button button--ghost button--small">
                        Read<span className="visually-hidden"> {post.title} on the blog</span>
                      </Link>
                    ) : null}
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-disabled={busy || undefined}
                      aria-busy={busy || undefined}
                      onClick={() => void (post.publishedAt ? unpublish(post) : publish(post))}
                    >
                      {post.publishedAt ? 'Unpublish' : 'Publish'}
                      <span className="visually-hidden"> {post.title}</span>
                    </button>
                    <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(post.id)}>
                      Delete<span className="visually-hidden"> {post.title}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
