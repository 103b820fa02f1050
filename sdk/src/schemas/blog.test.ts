import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { slugify } from '../profile-review';
import { BLOG_LIMITS, BLOG_MESSAGES, BlogPostInputSchema, BlogSlugSchema, blogPostMissing, hasText } from './blog';

const messages = (input: unknown) => {
  const result = v.safeParse(BlogPostInputSchema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]));
};

describe('the blog post input', () => {
  it('needs only a title for a draft, trims it, and makes the summary one line', () => {
    expect(v.parse(BlogPostInputSchema, { title: '  Life at Northwind ', excerpt: ' Two\nlines ' })).toEqual({
      title: 'Life at Northwind',
      excerpt: 'Two lines',
      body: '',
      coverImage: null,
    });
  });

  it('says what is wrong in the words the editor shows', () => {
    expect(messages({ title: ' ', excerpt: 'x'.repeat(BLOG_LIMITS.excerptMax + 1), body: 'y'.repeat(BLOG_LIMITS.bodyMax + 1), coverImage: 'No Path' })).toEqual({
      title: BLOG_MESSAGES.title,
      excerpt: BLOG_MESSAGES.excerptMax,
      body: BLOG_MESSAGES.bodyMax,
      coverImage: 'Image must be an uploaded image',
    });
    // The message is written out (no call at load time, for tree shaking): it must say the limit.
    expect(BLOG_MESSAGES.bodyMax).toContain(BLOG_LIMITS.bodyMax.toLocaleString('en'));
    expect(messages({ title: 'x'.repeat(BLOG_LIMITS.titleMax + 1) })).toEqual({ title: `Title must be at most ${BLOG_LIMITS.titleMax} characters` });
  });

  it('publishes only with text: an editor left empty has none', () => {
    expect(hasText('<p><br></p>')).toBe(false);
    expect(hasText('<p>&nbsp;</p>')).toBe(false);
    expect(hasText('<p>Hej</p>')).toBe(true);
    expect(blogPostMissing({ title: 'A post', body: '<p> </p>' })).toEqual({ body: BLOG_MESSAGES.bodyToPublish });
    expect(blogPostMissing({ title: 'A post', body: '<p>Text</p>' })).toEqual({});
  });

  it('makes slugs the slug schema takes', () => {
    for (const title of ['Hiring in Tromsø, 2026!', 'Æblegrød på Ærø', 'What our first ten hires taught us about onboarding']) {
      const slug = slugify(title, BLOG_LIMITS.slugMax);
      expect(v.is(BlogSlugSchema, slug), slug).toBe(true);
      expect(v.is(BlogSlugSchema, `${slug}-12`)).toBe(true);
    }
    expect(slugify('Hiring in Tromsø, 2026!')).toBe('hiring-in-tromsoe-2026');
    expect(v.is(BlogSlugSchema, 'Not_A_Slug')).toBe(false);
  });
});
