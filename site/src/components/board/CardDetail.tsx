/**
 * An opened card (issue #13): a drawer (full screen on a phone) with the candidate's profile, their
 * note and answers, the CV inline (a frame of the PDF, with a download link for browsers that do not
 * show it), the viewer's 1–5 rating (a radio group of stars) and the team's, the internal notes with
 * an add form, and the stage history. It moves the card with the board's own "Move to…".
 */
import { COUNTRIES } from '@nordlys/sdk/constants';
import { STAGE_LABELS, stageLabel, type StageRef } from '@nordlys/sdk/pipeline';
import { ApplicantNoteInputSchema, type Applicant, type ApplicantDetail, type ApplicationEvent, type CompanyStage } from '@nordlys/sdk/schemas';
import { CATEGORIES, termText } from '@nordlys/sdk/vocabulary';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { domId } from '../../lib/domId';
import { Modal } from '../../modals/Modal';
import { useApi } from '../../modals/useApi';
import { useRootData } from '../../root';
import { failureMessage, fieldErrorsOf, serverFieldErrors, TextArea } from '../form';
import { LoadFailed } from '../LoadFailed';
import { RelativeTime } from '../RelativeTime';
import { RatingBadge } from './Card';
import { MoveMenu, type MoveTarget } from './MoveMenu';
import { refOf } from './state';

export interface CardDetailProps {
  companyKey: string;
  id: number;
  /** The card as the board shows it now (its stage follows moves made meanwhile), when it is loaded. */
  card: Applicant | null;
  stages: readonly CompanyStage[];
  targets(card: Applicant): MoveTarget[];
  /** A pick in the drawer's "Move to…"; `onSaved` gets the card once the server took the move. */
  pick(card: Applicant, columnKey: string, onSaved: (card: Applicant) => void): void;
  /** The card changed here (rating, notes count). */
  onCardChange(card: Applicant): void;
  onClose(): void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; detail: ApplicantDetail };

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const countryName = (code: string | null) => (code ? (COUNTRIES.find((c) => c.value === code)?.text ?? code) : null);

/** The words of one history entry: "Moved from Applied to First interview". */
export function historyText(event: ApplicationEvent, previousLabel: string | null): string {
  const to = event.toStage ? (event.toStage === 'custom' ? (event.stageName ?? STAGE_LABELS.custom) : STAGE_LABELS[event.toStage]) : null;
  switch (event.kind) {
    case 'applied':
      return 'Applied';
    case 'rejection-mailed':
      return 'Kind rejection e-mail sent';
    case 'moved': {
      const from = event.fromStage && event.fromStage !== 'custom' ? STAGE_LABELS[event.fromStage] : previousLabel;
      return from ? `Moved from ${from} to ${to ?? 'another stage'}` : `Moved to ${to ?? 'another stage'}`;
    }
  }
}

function History({ events }: { events: readonly ApplicationEvent[] }) {
  let label: string | null = null;
  const lines = events.map((event) => {
    const text = historyText(event, label);
    if (event.kind === 'applied') label = STAGE_LABELS.applied;
    else if (event.kind === 'moved' && event.toStage) label = event.toStage === 'custom' ? (event.stageName ?? STAGE_LABELS.custom) : STAGE_LABELS[event.toStage];
    return { event, text };
  });
  if (lines.length === 0) return <p className="muted">No changes yet.</p>;
  return (
    <ol className="card-history">
      {lines.map(({ event, text }) => (
        <li key={event.id}>
          <span>{text}</span>
          {event.actor ? <span className="muted"> by {event.actor.fullName}</span> : null} <RelativeTime iso={event.createdAt} />
        </li>
      ))}
    </ol>
  );
}

/** The viewer's rating: five stars as a radio group (arrow keys move, as in any radio group), and "Clear". */
function RatingInput({ id, value, busy, onRate, name }: { id: number; value: number | null; busy: boolean; onRate(rating: number | null): void; name: string }) {
  const group = domId('card-detail', id, 'rating');
  return (
    <fieldset className="rating-input" aria-describedby={`${group}-hint`}>
      <legend>Your rating</legend>
      <div className="rating-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={value !== null && n <= value ? 'rating-input__star rating-input__star--on' : 'rating-input__star'}>
            <input type="radio" name={`${group}-rating`} value={n} checked={value === n} onChange={() => onRate(n)} className="rating-input__radio" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        {value !== null ? (
          <button type="button" className="text-button rating-input__clear" onClick={() => onRate(null)}>
            Clear<span className="visually-hidden"> your rating of {name}</span>
          </button>
        ) : null}
      </div>
      <p id={`${group}-hint`} className="form-hint">
        {busy ? 'Saving…' : value === null ? 'Not rated by you yet. Only your team sees ratings.' : `You rated ${value} of 5. Only your team sees ratings.`}
      </p>
    </fieldset>
  );
}

export function CardDetail({ companyKey, id, card, stages, targets, pick, onCardChange, onClose }: CardDetailProps) {
  const api = useApi();
  const { user } = useRootData();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState<{ silent: boolean }>({ silent: false });
  const [menuOpen, setMenuOpen] = useState(false);
  const [ratingBusy, setRatingBusy] = useState(false);
  const [ratingAlert, setRatingAlert] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [noteBusy, setNoteBusy] = useState(false);
  const [noteStatus, setNoteStatus] = useState('');
  const noteField = useRef<HTMLTextAreaElement>(null);
  // Ratings are sent one after another, so the last one chosen is the one kept.
  const ratingQueue = useRef<Promise<void>>(Promise.resolve());
  const latestCard = useRef(card);
  latestCard.current = card;

  useEffect(() => {
    let live = true;
    // A reload after a move keeps what is shown until the fresh answer comes.
    if (attempt.silent !== true) setLoaded({ state: 'loading' });
    api.hiring.applicant(companyKey, id).then(
      (detail) => live && setLoaded({ state: 'ready', detail }),
      (error: unknown) => live && (attempt.silent ? undefined : setLoaded({ state: 'failed', message: failureMessage(error, 'Please try again.') })),
    );
    return () => {
      live = false;
    };
  }, [api, companyKey, id, attempt]);

  const detail = loaded.state === 'ready' ? loaded.detail : null;
  // The board's card is the truth for where it is; the detail for the rest.
  const shown: Applicant | null = card ?? detail;
  const name = shown?.applicant.fullName ?? 'Candidate';

  const patchDetail = (change: (d: ApplicantDetail) => ApplicantDetail) => setLoaded((l) => (l.state === 'ready' ? { state: 'ready', detail: change(l.detail) } : l));

  function rate(rating: number | null) {
    if (!shown) return;
    const before = { myRating: shown.myRating, rating: shown.rating };
    setRatingAlert('');
    onCardChange({ ...shown, myRating: rating });
    patchDetail((d) => ({ ...d, myRating: rating }));
    setRatingBusy(true);
    ratingQueue.current = ratingQueue.current.then(async () => {
      try {
        const saved = await api.hiring.update(companyKey, id, { rating });
        const base = latestCard.current ?? saved;
        onCardChange({ ...base, rating: saved.rating, myRating: saved.myRating });
        patchDetail((d) => ({
          ...d,
          rating: saved.rating,
          myRating: saved.myRating,
          ratings: user
            ? [...d.ratings.filter((r) => r.user.id !== user.id), ...(saved.myRating === null ? [] : [{ user: { id: user.id, fullName: user.fullName }, rating: saved.myRating }])]
            : d.ratings,
        }));
      } catch (error) {
        const base = latestCard.current ?? shown;
        onCardChange({ ...base, ...before });
        patchDetail((d) => ({ ...d, ...before }));
        setRatingAlert(`Your rating could not be saved: ${failureMessage(error, 'please try again.')}`);
      } finally {
        setRatingBusy(false);
      }
    });
  }

  async function addNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (noteBusy) return;
    setNoteStatus('');
    const checked = fieldErrorsOf(ApplicantNoteInputSchema, { body: note });
    if (!checked.ok) {
      setNoteError(checked.errors.body ?? Object.values(checked.errors)[0] ?? 'Please write a note');
      noteField.current?.focus();
      return;
    }
    setNoteBusy(true);
    setNoteError(null);
    try {
      const saved = await api.hiring.addNote(companyKey, id, checked.output);
      patchDetail((d) => ({ ...d, notes: [...d.notes, saved], notesCount: d.notesCount + 1 }));
      const base = latestCard.current ?? detail;
      if (base) onCardChange({ ...base, notesCount: base.notesCount + 1 });
      setNote('');
      setNoteStatus('Note added.');
    } catch (error) {
      setNoteError(serverFieldErrors(error)?.body ?? failureMessage(error, 'The note could not be added. Please try again.'));
      noteField.current?.focus();
    } finally {
      setNoteBusy(false);
    }
  }

  const ref: StageRef | null = shown ? refOf(shown) : null;
  const others = detail && user ? detail.ratings.filter((r) => r.user.id !== user.id) : (detail?.ratings ?? []);

  return (
    <Modal id={domId('card-detail', id)} title={name} onClose={onClose} className="modal__panel--drawer">
      {loaded.state === 'failed' ? (
        <LoadFailed title="This candidate could not be loaded" message={loaded.message} busy={false} onRetry={() => setAttempt({ silent: false })} />
      ) : null}
      {loaded.state === 'loading' ? (
        <div className="card-detail__loading" role="status">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="visually-hidden">Loading the candidate…</span>
        </div>
      ) : null}
      {detail && shown && ref ? (
        <div className="card-detail">
          <section className="card-detail__summary" aria-label="Summary">
            {shown.applicant.headline ? <p className="card-detail__headline">{shown.applicant.headline}</p> : null}
            <p className="card-detail__stage">
              <span className="muted">Stage:</span> <strong>{stageLabel(ref, stages)}</strong> · {shown.job.title} · <RelativeTime iso={shown.appliedAt} prefix="applied" />
            </p>
            <div className="card-detail__actions">
              {ref.stage === 'rejected' ? (
                <p className="muted">Rejected candidates stay rejected.</p>
              ) : (
                <MoveMenu
                  id={domId('card-detail', id, 'move')}
                  name={name}
                  targets={targets(shown)}
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  onPick={(key) =>
                    pick(shown, key, (saved) => {
                      patchDetail((d) => ({ ...d, ...saved }));
                      // The history has a new line.
                      setAttempt({ silent: true });
                    })
                  }
                />
              )}
              <RatingBadge rating={shown.rating} />
            </div>
          </section>

          <section aria-labelledby="card-profile">
            <h3 id="card-profile">Profile</h3>
            <dl className="facts card-detail__facts">
              <div>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${detail.email}`}>{detail.email}</a>
                </dd>
              </div>
              {detail.linkedinUrl ? (
                <div>
                  <dt>LinkedIn</dt>
                  <dd>
                    <a href={detail.linkedinUrl} target="_blank" rel="noopener noreferrer nofollow">
                      {detail.linkedinUrl.replace(/^https?:\/\/(www\.)?/, '')}
                    </a>
                  </dd>
                </div>
              ) : null}
              {detail.categories.length ? (
                <div>
                  <dt>Categories</dt>
                  <dd>{detail.categories.map((c) => termText(CATEGORIES, c)).join(', ')}</dd>
                </div>
              ) : null}
              {detail.preferredCountryCode ? (
                <div>
                  <dt>Preferred country</dt>
                  <dd>{countryName(detail.preferredCountryCode)}</dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby="card-note">
            <h3 id="card-note">Note from {shown.applicant.fullName.split(' ')[0]}</h3>
            {detail.message ? <p className="card-detail__message">{detail.message}</p> : <p className="muted">No note.</p>}
          </section>

          {detail.answers.length ? (
            <section aria-labelledby="card-answers">
              <h3 id="card-answers">Answers</h3>
              <dl className="card-detail__answers">
                {detail.answers.map((a, i) => (
                  <div key={i}>
                    <dt>{a.question}</dt>
                    <dd>{a.answer}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="card-cv">
            <h3 id="card-cv">CV</h3>
            {detail.cv ? (
              <>
                <iframe className="card-detail__cv" src={detail.cv.url} title={`CV of ${shown.applicant.fullName}`} loading="lazy" />
                <p>
                  <a href={detail.cv.url} download={detail.cv.fileName}>
                    Download the CV
                  </a>{' '}
                  <span className="muted">
                    ({detail.cv.fileName}, {sizeLabel(detail.cv.sizeBytes)})
                  </span>
                </p>
              </>
            ) : (
              <p className="muted">No CV was sent.</p>
            )}
          </section>

          <section aria-labelledby="card-rating">
            <h3 id="card-rating">Rating</h3>
            <RatingInput id={id} value={shown.myRating} busy={ratingBusy} onRate={rate} name={name} />
            <div role="alert" className={ratingAlert ? 'form-alert' : 'visually-hidden'}>
              {ratingAlert}
            </div>
            {others.length ? (
              <ul className="card-detail__ratings" aria-label="The team's ratings">
                {others.map((r) => (
                  <li key={r.user.id}>
                    {r.user.fullName}: <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
                    <span className="visually-hidden">{r.rating} of 5</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nobody else in the team rated {shown.applicant.fullName.split(' ')[0]} yet.</p>
            )}
          </section>

          <section aria-labelledby="card-notes">
            <h3 id="card-notes">Internal notes</h3>
            {detail.notes.length ? (
              <ul className="card-notes">
                {detail.notes.map((n) => (
                  <li key={n.id} className="card-notes__item">
                    <p className="card-notes__body">{n.body}</p>
                    <p className="card-notes__meta muted">
                      {n.author?.fullName ?? 'A former member'}, <RelativeTime iso={n.createdAt} />
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No notes yet.</p>
            )}
            <form className="card-notes__form" onSubmit={addNote} noValidate>
              <TextArea
                id={`note-${id}`}
                label="Add a note"
                hint="Only your team sees notes."
                value={note}
                onChange={(value) => {
                  setNote(value);
                  if (noteError) setNoteError(null);
                }}
                error={noteError}
                inputRef={noteField}
                rows={3}
              />
              <div className="form-actions">
                <button type="submit" className="button button--primary" aria-disabled={noteBusy || undefined} aria-busy={noteBusy || undefined}>
                  {noteBusy ? (
                    <>
                      <span className="spinner" aria-hidden="true" />
                      Adding…
                    </>
                  ) : (
                    'Add note'
                  )}
                </button>
                <span role="status" className="form-actions__status">
                  {noteStatus}
                </span>
              </div>
            </form>
          </section>

          <section aria-labelledby="card-history">
            <h3 id="card-history">History</h3>
            <History events={detail.history} />
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
