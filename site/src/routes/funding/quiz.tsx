/**
 * `/funding/quiz` (issue #15): five questions, one per screen, with a progress bar. Each screen is a
 * plain GET form that carries the other answers in hidden inputs, so it works without JavaScript; with
 * it, react-router submits the same forms without a reload, and a step left empty says so at once.
 * The last screen sends everything to the results. A signed-in startup's last screen POSTs instead, to
 * the results page's action, which keeps the answers for the startup (never a GET that writes).
 */
import { draftValues, isAnswered, QUIZ_STEPS, quizQuery, readQuizDraft, type QuizDraft, type QuizStep } from '@nordlys/sdk/funding-quiz';
import { paths } from '@nordlys/sdk/routes';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Form, redirect, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../lib/Link';
import { FieldError } from '../../components/form/Field';
import { quizHref, QUIZ_SUBMITTED_STEP as SUBMITTED } from '../../lib/fundingQuiz';
import type { RouteHandle } from '../../meta';
import { useSession } from '../../session/SessionProvider';

export interface QuizData {
  /** The step shown, 0-based. */
  step: number;
  draft: QuizDraft;
  /** The message of the step shown when the visitor went past it without an answer. */
  error: string | null;
}

/**
 * Which step to show: the one asked for (`step`, 1-based), unless an earlier one is unanswered; then
 * that one, with its message, because the visitor pressed Next (or came back from the results) without it.
 */
function quizState(params: URLSearchParams): QuizData | { complete: QuizDraft } {
  const draft = readQuizDraft(params);
  const asked = Number.parseInt(params.get('step') ?? '1', 10);
  const requested = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), SUBMITTED) - 1 : 0;
  const missing = QUIZ_STEPS.findIndex((step, index) => index < requested && !isAnswered(draft, step.name));
  if (missing >= 0) return { step: missing, draft, error: QUIZ_STEPS[missing]!.required };
  if (requested === QUIZ_STEPS.length) return { complete: draft };
  return { step: requested, draft, error: null };
}

export function loader({ request }: LoaderFunctionArgs): QuizData {
  const state = quizState(new URL(request.url).searchParams);
  // Every answer is there: the results show them (a link that says so is followed, not refused).
  if ('complete' in state) throw redirect(paths.fundingQuizResults(quizQuery(state.complete)));
  return state;
}

export const handle: RouteHandle<QuizData> = {
  meta: () => ({
    title: 'Funding quiz: find investors for your startup',
    description:
      'Answer five quick questions about your round, industry, ticket size, countries and impact, and see the Nordic investors that match your startup best, and why.',
    canonicalPath: paths.fundingQuiz(),
  }),
};

/** Some steps' answers, carried along as hidden inputs. */
function CarriedAnswers({ draft, steps }: { draft: QuizDraft; steps: readonly QuizStep[] }) {
  return (
    <>
      {steps.flatMap((s) => draftValues(draft, s.name).map((value) => <input key={`${s.name}-${value}`} type="hidden" name={s.name} value={value} />))}
    </>
  );
}

function Progress({ step }: { step: number }) {
  const total = QUIZ_STEPS.length;
  const label = `Step ${step + 1} of ${total}`;
  return (
    <div className="quiz__progress">
      <p className="quiz__count" id="quiz-progress">
        {label}
      </p>
      <div
        className="quiz__bar"
        role="progressbar"
        aria-labelledby="quiz-progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={label}
      >
        <span className="quiz__bar-fill" style={{ width: `${((step + 1) / total) * 100}%` }} />
      </div>
    </div>
  );
}

interface StepFormProps {
  data: QuizData;
  /** The startup the answers are kept for, when a startup is signed in. */
  startup: { key: string; name: string } | null;
  questionRef: RefObject<HTMLFieldSetElement | null>;
}

function StepForm({ data, startup, questionRef }: StepFormProps) {
  const { step: index, draft } = data;
  const step = QUIZ_STEPS[index]!;
  const last = index === QUIZ_STEPS.length - 1;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [error, setError] = useState<string | null>(data.error);
  const chosen = draftValues(draft, step.name);
  const id = `quiz-${step.name}`;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  // With JavaScript, an empty step says so without a round trip, and the first option takes the focus.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (new FormData(event.currentTarget).getAll(step.name).length > 0) return;
    event.preventDefault();
    setError(step.required);
    event.currentTarget.querySelector<HTMLInputElement>(`input[name="${step.name}"]`)?.focus();
  };

  const save = last && startup;
  return (
    <Form
      method={save ? 'post' : 'get'}
      action={last ? paths.fundingQuizResults() : paths.fundingQuiz()}
      className="quiz__form"
      onSubmit={onSubmit}
      onChange={() => setError(null)}
      noValidate
    >
      {/* In the questions' order around this one, then the next step: the URL reads like quizHref's. */}
      <CarriedAnswers draft={draft} steps={QUIZ_STEPS.slice(0, index)} />
      <fieldset className="quiz__question" ref={questionRef} tabIndex={-1} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        <legend className="quiz__legend">{step.question}</legend>
        <p id={`${id}-hint`} className="form-hint">
          {step.hint}
        </p>
        <div className={`quiz__options${step.options.length > 5 ? ' quiz__options--grid' : ''}`}>
          {step.options.map((option) => (
            <label key={option.value} className="quiz-option">
              <input type={step.multiple ? 'checkbox' : 'radio'} name={step.name} value={option.value} defaultChecked={chosen.includes(option.value)} />
              <span>{option.text}</span>
            </label>
          ))}
        </div>
        <FieldError id={id} error={error} />
      </fieldset>
      <CarriedAnswers draft={draft} steps={QUIZ_STEPS.slice(index + 1)} />
      {last ? null : <input type="hidden" name="step" value={index + 2} />}
      {save ? <input type="hidden" name="company" value={startup.key} /> : null}
      {save ? (
        <p className="form-hint quiz__save-note">{`Your answers are kept for ${startup.name}: you find the matches again on its funding page.`}</p>
      ) : null}
      <div className="quiz__actions">
        {index > 0 ? (
          <Link to={quizHref(draft, index - 1)} className="button button--ghost">
            Back
          </Link>
        ) : null}
        <button type="submit" className="button button--primary" aria-busy={busy || undefined}>
          {last ? 'See my matches' : 'Next question'}
        </button>
      </div>
    </Form>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { profile } = useSession();
  const startup = profile?.type === 'company' && !profile.isDraft ? { key: profile.key, name: profile.name } : null;
  const questionRef = useRef<HTMLFieldSetElement | null>(null);
  const shown = useRef<number | null>(null);
  const step = QUIZ_STEPS[data.step]!;

  // After moving to another question (not on the first load), the new question takes the focus, so a
  // screen reader reads it and Tab goes on from there.
  useEffect(() => {
    if (shown.current !== null && shown.current !== data.step) questionRef.current?.focus();
    shown.current = data.step;
  }, [data.step]);

  return (
    <div className="container page quiz-page">
      <header className="page-head">
        <h1>Find investors who fit your startup</h1>
        <p className="page-head__lead">
          Five quick questions, then the investors of the directory ranked by how well they match you, and why.
        </p>
      </header>
      <div className="quiz">
        <Progress step={data.step} />
        {/* A new form per question and per answers in the URL: its inputs start from them. */}
        <StepForm key={`${step.name}?${quizQuery(data.draft)}#${data.error ?? ''}`} data={data} startup={startup} questionRef={questionRef} />
        <p className="quiz__browse">
          <Link to={paths.funding()}>Browse all investors instead</Link>
        </p>
      </div>
    </div>
  );
}
