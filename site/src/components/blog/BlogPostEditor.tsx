/**
 * The blog post editor (issue #15), one for a startup's posts and the site's own: title, summary,
 * cover image and the rich text body, with Save draft and Publish, or Save changes and Unpublish once
 * it is out.
 *
 * - Values are checked with the sdk's BlogPostInputSchema before they are sent, and the server's 400
 *   shows the same way: messages under the fields and in the summary, the first invalid field focused.
 * - Publishing needs text (sdk blogPostMissing), checked here and by the server.
 * - The first save creates the post and the address becomes its editor's (history replace), so a
 *   reload keeps it. A failure keeps what was typed; leaving with unsaved changes asks first.
 */
import { isApiError } from '@nordlys/sdk/api';
import { paths } from '@nordlys/sdk/routes';
import { BLOG_LIMITS, BlogPostInputSchema, blogPostMissing, type BlogPostInput, type Image, type ManagedBlogPost } from '@nordlys/sdk/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../lib/Link';
import { failureMessage, fieldErrorsOf, serverFieldErrors, withoutErrorsOf, type FormErrors } from '../form/errors';
import { focusFirstInvalidIn, FormErrorSummary } from '../form/FormErrorSummary';
import { RichTextField } from '../form/RichTextField';
import { BusyButton } from '../form/BusyButton';
import { TextArea } from '../form/TextArea';
import { TextField } from '../form/TextField';
import { useUnsavedChangesPrompt } from '../form/useUnsavedChangesPrompt';
import { ImageField } from '../ImageField';
import { useApi } from '../../modals/useApi';
import { coverUpload, postState, postStateText, POST_STATE_LABEL, writerListPath, writerPostPath, type BlogWriter } from './writers';

/** What the form holds. */
export interface PostDraft {
  title: string;
  excerpt: string;
  body: string;
  cover: Image | null;
}

const EMPTY: PostDraft = { title: '', excerpt: '', body: '', cover: null };

export function draftOf(post: ManagedBlogPost | null): PostDraft {
  return post ? { title: post.title, excerpt: post.ownExcerpt, body: post.body, cover: post.coverImage } : EMPTY;
}

export function inputOf(draft: PostDraft): BlogPostInput {
  return { title: draft.title, excerpt: draft.excerpt, body: draft.body, coverImage: draft.cover?.path ?? null };
}

const sameDraft = (a: PostDraft, b: PostDraft) =>
  a.title === b.title && a.excerpt === b.excerpt && a.body === b.body && (a.cover?.path ?? null) === (b.cover?.path ?? null);

/** The ids of the fields, by the names the schema and the server use. */
const FIELD_IDS: Record<string, string> = { title: 'post-title', excerpt: 'post-excerpt', coverImage: 'post-cover', body: 'post-body' };
const fieldId = (name: string) => FIELD_IDS[name] ?? 'post-title';

type Action = 'save' | 'publish' | 'unpublish';

export interface BlogPostEditorProps {
  writer: BlogWriter;
  /** The stored post, or null for a new one. */
  post: ManagedBlogPost | null;
}

export function BlogPostEditor({ writer, post: initial }: BlogPostEditorProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { scope } = writer;
  const [post, setPost] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [saved, setSaved] = useState(draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  // After the first save, this address becomes the post's editor (see the effect below).
  const [replaceTo, setReplaceTo] = useState<string | null>(null);
  const [focusErrors, setFocusErrors] = useState(0);
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  const dirty = !sameDraft(draft, saved);
  const published = Boolean(post?.publishedAt);
  const { prompt } = useUnsavedChangesPrompt(dirty && !replaceTo, 'your changes to the post');
  const upload = coverUpload(scope);

  useEffect(() => {
    if (focusErrors) focusFirstInvalidIn(form.current);
  }, [focusErrors]);

  // Runs once the render with `replaceTo` has told the unsaved-changes prompt not to ask. The same
  // page component serves 'new' and the id, so the form stays as it is while the address changes.
  useEffect(() => {
    if (!replaceTo) return;
    void Promise.resolve(navigate(replaceTo, { replace: true, preventScrollReset: true })).finally(() => setReplaceTo(null));
  }, [replaceTo, navigate]);

  function change(patch: Partial<PostDraft>, field: string) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((current) => withoutErrorsOf(current, [field]));
    setAlert(null);
    setStatus(null);
  }

  function show(found: FormErrors) {
    setErrors(found);
    setFocusErrors((n) => n + 1);
  }

  /** Saves the form when it changed (or creates the post); the stored post, or null when refused (messages shown). */
  async function save(publishing: boolean): Promise<ManagedBlogPost | null> {
    const sent = draft;
    const checked = fieldErrorsOf(BlogPostInputSchema, inputOf(sent));
    // A post that is out, or about to be, needs text (sdk blogPostMissing).
    const missing = checked.ok && (publishing || published) ? blogPostMissing(sent) : {};
    if (!checked.ok || Object.keys(missing).length) {
      show(checked.ok ? (missing as FormErrors) : checked.errors);
      return null;
    }
    setErrors({});
    if (post && sameDraft(sent, saved)) return post;
    try {
      const stored = post ? await api.blog.update(scope, post.id, inputOf(sent)) : await api.blog.create(scope, inputOf(sent));
      setPost(stored);
      // What was typed stays as typed (the editor keeps its caret); it is now the saved state.
      setSaved(sent);
      if (!post) setReplaceTo(writerPostPath(scope, stored.id));
      return stored;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      else setAlert(failureMessage(error, 'The post could not be saved. Please try again.'));
      return null;
    }
  }

  /** One action at a time (spec 5): a second press while one runs is ignored. */
  async function act(action: Action) {
    if (busy.current) return;
    busy.current = true;
    setPending(action);
    setAlert(null);
    setStatus(null);
    try {
      if (action === 'unpublish') {
        if (!post) return;
        const back = await api.blog.unpublish(scope, post.id);
        setPost(back);
        setStatus(`“${back.title}” is unpublished: it is a draft again, and readers no longer see it.${dirty ? ' Your changes are not saved yet.' : ''}`);
        return;
      }
      const stored = await save(action === 'publish');
      if (!stored) return;
      if (action === 'save') {
        setStatus(published ? 'Your changes are saved and live on the blog.' : 'The draft is saved.');
        return;
      }
      const out = await api.blog.publish(scope, stored.id);
      setPost(out);
      setStatus(out.public ? `“${out.title}” is published on the blog.` : `“${out.title}” is published. It shows on the blog once ${writer.name} is approved.`);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      else setAlert(isApiError(error) && error.status === 404 ? 'This post no longer exists.' : failureMessage(error, 'That did not work. Please try again.'));
    } finally {
      busy.current = false;
      setPending(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act('save');
  }

  const summary = Object.entries(errors).map(([field, message]) => ({ id: fieldId(field), message }));
  const state = post ? postState(post) : null;

  return (
    <div className="blog-editor">
      {post && state ? (
        <section className="review-panel blog-editor__state" aria-labelledby="post-state-title">
          <h2 id="post-state-title">
            Status: <span className={`badge blog-state blog-state--${state}`}>{POST_STATE_LABEL[state]}</span>
          </h2>
          <p>{postStateText(post, writer)}</p>
          {post.public ? (
            <p>
              <Link to={paths.blogPost(post.slug)}>Read it on the blog</Link>
            </p>
          ) : null}
        </section>
      ) : null}

      <div aria-live="polite">
        {status ? (
          <p className="form-status" role="status">
            {status}
          </p>
        ) : null}
      </div>

      <form ref={form} className="profile-form blog-editor__form" noValidate onSubmit={onSubmit} aria-label="Blog post">
        <TextField
          id={fieldId('title')}
          label="Title"
          required
          value={draft.title}
          onChange={(title) => change({ title }, 'title')}
          error={errors.title}
          maxLength={BLOG_LIMITS.titleMax}
          autoComplete="off"
          hint={post ? `The post's address stays ${paths.blogPost(post.slug)} when the title changes.` : undefined}
        />
        <TextArea
          id={fieldId('excerpt')}
          label="Summary"
          value={draft.excerpt}
          onChange={(excerpt) => change({ excerpt }, 'excerpt')}
          error={errors.excerpt}
          maxLength={BLOG_LIMITS.excerptMax}
          rows={3}
          hint={`One or two sentences for the list of posts and for search results, at most ${BLOG_LIMITS.excerptMax} characters. Left empty, the start of the post is used.`}
        />
        <ImageField
          id={fieldId('coverImage')}
          label="Cover image"
          type={upload.type}
          owner={upload.owner}
          value={draft.cover}
          onChange={(cover) => change({ cover }, 'coverImage')}
          error={errors.coverImage}
          previewSize="listing"
          hint="A wide picture above the post and on its card, cropped to 16:9."
        />
        <RichTextField
          id={fieldId('body')}
          label="Post"
          required
          value={draft.body}
          onChange={(body) => change({ body }, 'body')}
          error={errors.body}
          hint="Bold, italic, lists and links are in the toolbar. A draft may be empty; publishing needs text."
        />

        <FormErrorSummary items={summary} message={alert} />
        <div className="form-actions blog-editor__actions">
          <p className="form-actions__status">{dirty ? 'You have unsaved changes.' : post ? 'All changes are saved.' : ''}</p>
          <div className="blog-editor__buttons">
            <Link to={writerListPath(scope)} className="button button--ghost">
              Back to the posts
            </Link>
            {published ? (
              <>
                <BusyButton type="button" busy={pending === 'unpublish'} busyLabel="Unpublishing…" className="button button--ghost" onClick={() => void act('unpublish')}>
                  Unpublish
                </BusyButton>
                <BusyButton type="submit" busy={pending === 'save'} busyLabel="Saving…" className="button button--primary">
                  Save changes
                </BusyButton>
              </>
            ) : (
              <>
                <BusyButton type="submit" busy={pending === 'save'} busyLabel="Saving…" className="button button--ghost">
                  Save draft
                </BusyButton>
                <BusyButton type="button" busy={pending === 'publish'} busyLabel="Publishing…" className="button button--primary" onClick={() => void act('publish')}>
                  Publish
                </BusyButton>
              </>
            )}
          </div>
        </div>
      </form>
      {prompt}
    </div>
  );
}

