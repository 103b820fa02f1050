/**
 * The company's own pipeline stages (spec 4 'custom', issue #13), in a dialog from the board: add,
 * rename, recolour (the configuration's kanban colours), reorder and delete them. Deleting asks
 * first and says how many candidates go back to Applied. The fixed stages are listed where they sit.
 */
import { KANBAN_COLORS, MAX_CUSTOM_STAGES, STAGE_LABELS, STAGE_NAME_MAX } from '@nordlys/sdk/pipeline';
import { StageInputSchema, type CompanyStage } from '@nordlys/sdk/schemas';
import { useRef, useState, type FormEvent } from 'react';
import { domId } from '../../lib/domId';
import { Modal } from '../../modals/Modal';
import { useApi } from '../../modals/useApi';
import { failureMessage, fieldErrorsOf, serverFieldErrors, type FormErrors } from '../form';
import { ConfirmRow } from '../TeamManager';

/** What the swatches are called (the colours are the configuration's; a colour it adds later shows its code). */
const COLOUR_NAMES: Record<string, string> = { '#3b6fd8': 'Blue', '#8c7ae6': 'Violet', '#00a86b': 'Green', '#e17055': 'Coral', '#636e72': 'Grey' };
export const colourName = (hex: string): string => COLOUR_NAMES[hex.toLowerCase()] ?? hex;

export interface StageManagerProps {
  companyKey: string;
  stages: readonly CompanyStage[];
  /** How many candidates a stage holds now, over every job (for the delete confirmation). */
  countOf(stageId: number): Promise<number>;
  /** The stages changed (the board loads again). */
  onChanged(stages: CompanyStage[]): void;
  onClose(): void;
}

function Swatches({ name, value, onChange, legend }: { name: string; value: string; onChange(color: string): void; legend: string }) {
  return (
    <fieldset className="swatches">
      <legend className="form-label">{legend}</legend>
      <div className="swatches__options">
        {KANBAN_COLORS.map((color) => (
          <label key={color} className="swatch" title={colourName(color)}>
            <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} />
            <span className="swatch__chip" aria-hidden="true" style={{ background: color }} />
            <span className="visually-hidden">{colourName(color)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface Draft {
  name: string;
  color: string;
}

function StageRow({
  stage,
  index,
  last,
  busy,
  errors,
  onSave,
  onMove,
  onDelete,
  countOf,
}: {
  stage: CompanyStage;
  index: number;
  last: boolean;
  busy: boolean;
  errors: FormErrors;
  onSave(stage: CompanyStage, draft: Draft): void;
  onMove(stage: CompanyStage, to: number): void;
  onDelete(stage: CompanyStage): void;
  countOf(stageId: number): Promise<number>;
}) {
  const id = domId('stage', stage.id);
  const [draft, setDraft] = useState<Draft>({ name: stage.name, color: stage.color });
  const [asking, setAsking] = useState<number | 'loading' | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const changed = draft.name !== stage.name || draft.color !== stage.color;

  async function askDelete() {
    setAsking('loading');
    setAsking(await countOf(stage.id).catch(() => -1));
  }

  if (asking !== null) {
    const n = asking;
    const text =
      n === 'loading'
        ? `Delete “${stage.name}”? Counting its candidates…`
        : n < 0
          ? `Delete “${stage.name}”? Its candidates go back to Applied.`
          : `Delete “${stage.name}”? ${n === 0 ? 'No candidate is in it.' : n === 1 ? 'Its 1 candidate goes back to Applied.' : `Its ${n} candidates go back to Applied.`}`;
    return (
      <li className="stage-row">
        <ConfirmRow
          text={text}
          action="Delete stage"
          busy={busy}
          onConfirm={() => (n === 'loading' ? undefined : onDelete(stage))}
          onCancel={() => {
            setAsking(null);
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
        />
      </li>
    );
  }

  return (
    <li className="stage-row" style={{ borderInlineStartColor: stage.color }}>
      <form
        className="stage-row__form"
        aria-label={`Stage ${stage.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) onSave(stage, draft);
        }}
      >
        <div className="field form-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            type="text"
            className="form-input"
            value={draft.name}
            maxLength={STAGE_NAME_MAX}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          {errors.name ? (
            <p id={`${id}-name-error`} className="form-field__error">
              {errors.name}
            </p>
          ) : null}
        </div>
        <Swatches name={`${id}-color`} legend="Colour" value={draft.color} onChange={(color) => setDraft({ ...draft, color })} />
        <div className="stage-row__actions">
          <button type="submit" className="button button--primary button--small" aria-disabled={!changed || busy || undefined}>
            Save<span className="visually-hidden"> {stage.name}</span>
          </button>
          <button type="button" className="button button--ghost button--small" aria-disabled={index === 0 || busy || undefined} onClick={() => (index === 0 || busy ? undefined : onMove(stage, index - 1))}>
            Move up<span className="visually-hidden"> {stage.name}</span>
          </button>
          <button type="button" className="button button--ghost button--small" aria-disabled={last || busy || undefined} onClick={() => (last || busy ? undefined : onMove(stage, index + 1))}>
            Move down<span className="visually-hidden"> {stage.name}</span>
          </button>
          <button ref={deleteButton} type="button" className="button button--ghost button--small" onClick={() => (busy ? undefined : void askDelete())}>
            Delete<span className="visually-hidden"> {stage.name}</span>
          </button>
        </div>
      </form>
    </li>
  );
}

const inOrder = (stages: readonly CompanyStage[]) => [...stages].sort((a, b) => a.position - b.position || a.id - b.id);

export function StageManager({ companyKey, stages: initial, countOf, onChanged, onClose }: StageManagerProps) {
  const api = useApi();
  const id = domId('stage-manager');
  const [stages, setStages] = useState<CompanyStage[]>(() => inOrder(initial));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');
  const [rowErrors, setRowErrors] = useState<Record<number, FormErrors>>({});
  const [draft, setDraft] = useState<Draft>({ name: '', color: KANBAN_COLORS[1] ?? KANBAN_COLORS[0] });
  const [addErrors, setAddErrors] = useState<FormErrors>({});
  const nameField = useRef<HTMLInputElement>(null);
  const full = stages.length >= MAX_CUSTOM_STAGES;

  async function run(work: () => Promise<string>, onError?: (errors: FormErrors) => void): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setStatus('');
    setAlert('');
    try {
      const done = await work();
      const fresh = inOrder((await api.hiring.stages(companyKey)).stages);
      setStages(fresh);
      onChanged(fresh);
      setStatus(done);
      return true;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && onError) onError(fields);
      else setAlert(failureMessage(error, 'Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const save = (stage: CompanyStage, next: Draft) => {
    const checked = fieldErrorsOf(StageInputSchema, next);
    if (!checked.ok) return setRowErrors((e) => ({ ...e, [stage.id]: checked.errors }));
    setRowErrors((e) => ({ ...e, [stage.id]: {} }));
    void run(
      async () => {
        await api.hiring.updateStage(companyKey, stage.id, { ...checked.output, position: stage.position });
        return `Stage “${checked.output.name}” saved.`;
      },
      (errors) => setRowErrors((e) => ({ ...e, [stage.id]: errors })),
    );
  };

  const move = (stage: CompanyStage, to: number) => {
    if (to < 0 || to >= stages.length) return;
    void run(async () => {
      await api.hiring.updateStage(companyKey, stage.id, { name: stage.name, color: stage.color, position: to });
      return `“${stage.name}” is now stage ${to + 1} of ${stages.length}.`;
    });
  };

  const remove = (stage: CompanyStage) =>
    void run(async () => {
      await api.hiring.removeStage(companyKey, stage.id);
      return `Stage “${stage.name}” deleted; its candidates are back in Applied.`;
    });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (full) return;
    const checked = fieldErrorsOf(StageInputSchema, draft);
    if (!checked.ok) {
      setAddErrors(checked.errors);
      nameField.current?.focus();
      return;
    }
    setAddErrors({});
    const ok = await run(
      async () => {
        await api.hiring.createStage(companyKey, checked.output);
        return `Stage “${checked.output.name}” added before Hired.`;
      },
      (errors) => {
        setAddErrors(errors);
        nameField.current?.focus();
      },
    );
    if (ok) setDraft((d) => ({ ...d, name: '' }));
  }

  return (
    <Modal id={id} title="Pipeline stages" onClose={onClose} className="modal__panel--wide">
      <p className="muted">
        Candidates start in {STAGE_LABELS.applied}. Your own stages come next, in this order, then {STAGE_LABELS.hired}, {STAGE_LABELS.toreject} and{' '}
        {STAGE_LABELS.rejected}.
      </p>
      <div role="status" className={status ? 'form-status' : 'visually-hidden'}>
        {status}
      </div>
      <div role="alert" className={alert ? 'form-alert' : 'visually-hidden'}>
        {alert}
      </div>
      {stages.length ? (
        <ol className="stage-list" aria-label="Your stages" aria-busy={busy || undefined}>
          {stages.map((stage, index) => (
            <StageRow
              key={`${stage.id}:${stage.name}:${stage.color}`}
              stage={stage}
              index={index}
              last={index === stages.length - 1}
              busy={busy}
              errors={rowErrors[stage.id] ?? {}}
              onSave={save}
              onMove={move}
              onDelete={remove}
              countOf={countOf}
            />
          ))}
        </ol>
      ) : (
        <p>No stages of your own yet: add one, like “First interview”.</p>
      )}
      <form className="stage-add" onSubmit={add} noValidate aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`}>Add a stage</h3>
        {full ? (
          <p className="muted">You have {MAX_CUSTOM_STAGES} stages, the most a board takes. Delete one to add another.</p>
        ) : (
          <>
            <div className="field form-field">
              <label htmlFor={`${id}-new-name`}>Name</label>
              <input
                ref={nameField}
                id={`${id}-new-name`}
                type="text"
                className="form-input"
                value={draft.name}
                maxLength={STAGE_NAME_MAX}
                placeholder="Offer call"
                onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
                aria-invalid={addErrors.name ? true : undefined}
                aria-describedby={addErrors.name ? `${id}-new-name-error` : undefined}
              />
              {addErrors.name ? (
                <p id={`${id}-new-name-error`} className="form-field__error">
                  {addErrors.name}
                </p>
              ) : null}
            </div>
            <Swatches name={`${id}-new-color`} legend="Colour" value={draft.color} onChange={(color) => setDraft({ ...draft, color })} />
            {addErrors.color ? <p className="form-field__error">{addErrors.color}</p> : null}
            <div className="form-actions">
              <button type="submit" className="button button--primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
                Add stage
              </button>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
