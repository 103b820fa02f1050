/**
 * The job form's live preview (issue #12): the job card of the lists and the job page, as talent will
 * see them, from what is typed. The page's body is the job page's own (JobPageBody), the card is
 * JobCard. The description is sanitized with the one policy (sdk/sanitize), loaded when the form
 * opens; until then the preview shows its text. The preview is `inert`: its links and buttons are a
 * picture of the page, not a way off the form.
 */
import type { Company, ManagedJob } from '@nordlys/sdk/schemas';
import { useDeferredValue, useEffect, useState } from 'react';
import { ApplyAction, HowToApply } from '../ApplyAction';
import { CompanyCard } from '../CompanyCard';
import { JobCard } from '../JobCard';
import { JobPageBody } from '../JobPageBody';
import { useNow } from '../Now';
import { htmlText } from '../ProfileParts';
import { previewJob, type JobDraft } from './draft';

type Sanitize = (html: string) => string;

let loadedSanitizer: Sanitize | null = null;

/** The sdk's sanitizer, loaded on first use (sanitize-html is big; only this page needs it in the browser). */
function useSanitizer(): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loadedSanitizer);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    import('@nordlys/sdk/sanitize')
      .then((module) => {
        loadedSanitizer = module.sanitizeUserHtml;
        if (live) setSanitize(() => module.sanitizeUserHtml);
      })
      .catch(() => {
        // Offline or a failed chunk: the preview keeps showing the text.
      });
    return () => {
      live = false;
    };
  }, [sanitize]);
  return sanitize;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description as the preview shows it: sanitized HTML, or its text (escaped) until the sanitizer is there. */
export function previewDescription(html: string, sanitize: Sanitize | null): string {
  if (!html.trim()) return '<p>The description you write shows here.</p>';
  if (sanitize) return sanitize(html);
  const text = htmlText(html).replace(/\s+/g, ' ').trim();
  return text ? `<p>${escapeHtml(text)}</p>` : '';
}

export interface JobPreviewProps {
  draft: JobDraft;
  company: Company;
  job: ManagedJob | null;
  productName: string;
}

export function JobPreview({ draft: typed, company, job, productName }: JobPreviewProps) {
  // Typing stays quick: the preview follows a moment later when the page is busy.
  const draft = useDeferredValue(typed);
  const sanitize = useSanitizer();
  const now = useNow();
  const shown = previewJob(draft, { company, job, descriptionHtml: previewDescription(draft.description, sanitize), now });

  return (
    // Focusable: beside the form on wide screens it scrolls on its own, and the keyboard must be able to scroll it.
    <aside className="job-preview" aria-labelledby="job-preview-title" tabIndex={0}>
      <h2 id="job-preview-title">Preview</h2>
      <p className="form-hint">As talent will see it once it is live. It follows what you type.</p>

      <h3 className="job-preview__label">In the job lists</h3>
      <div className="job-preview__frame job-preview__frame--card" inert>
        <JobCard job={shown} headingLevel={4} />
      </div>

      <h3 className="job-preview__label">The job page</h3>
      <div className="job-preview__frame job-preview__frame--page" inert>
        <div className="job-preview__page">
          <JobPageBody
            job={shown}
            level={4}
            // The job page's own apply parts (their clicks are counted; the preview is inert, so none are).
            action={<ApplyAction job={shown} />}
          >
            <section id="apply" className="apply-box" aria-labelledby="apply-heading">
              <h5 id="apply-heading">How to apply</h5>
              <HowToApply job={shown} productName={productName} />
              {shown.apply?.method === 'nordlys' && shown.screeningQuestions?.length ? (
                <>
                  <p>Candidates answer:</p>
                  <ol className="job-preview__questions">
                    {shown.screeningQuestions.map((q, i) => (
                      <li key={i}>{q}</li>
                    ))}
                  </ol>
                </>
              ) : null}
            </section>
          </JobPageBody>
          <CompanyCard company={shown.company} headingLevel={5} />
        </div>
      </div>
    </aside>
  );
}
