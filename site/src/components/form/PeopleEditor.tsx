/**
 * A list of people (a startup's team, an investor's key people): name, title and photo each, added,
 * removed and moved up or down with buttons (keyboard and screen reader friendly), moves announced.
 */
import type { Image, UploadOwner } from '@nordlys/sdk/schemas';
import { useRef, useState } from 'react';
import { ImageField } from '../ImageField';
import { FieldError } from './Field';
import { TextField } from './TextField';

/** One person as the form holds it; the photo as the upload answered it (its path is what is saved). */
export interface PersonDraft {
  name: string;
  title: string;
  image: Image | null;
}

export const emptyPerson = (): PersonDraft => ({ name: '', title: '', image: null });

/** The form's people as the input schemas take them (PersonInputSchema). */
export function peopleInput(people: readonly PersonDraft[]): { name: string; title: string | null; image: string | null }[] {
  return people.map((p) => ({ name: p.name, title: p.title || null, image: p.image?.path ?? null }));
}

export interface PeopleEditorProps {
  id: string;
  legend: string;
  value: readonly PersonDraft[];
  onChange: (people: PersonDraft[]) => void;
  owner: UploadOwner;
  /** Messages by path below the list: `${index}.name`, `${index}.title`, `${index}.image`; '' for the list. */
  errors?: Readonly<Record<string, string | undefined>>;
  max?: number;
  /** What one entry is called: 'team member', 'key person'. */
  noun?: string;
  hint?: string;
}

export function PeopleEditor({ id, legend, value, onChange, owner, errors = {}, max = 30, noun = 'person', hint }: PeopleEditorProps) {
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const people = [...value];

  const update = (index: number, patch: Partial<PersonDraft>) => onChange(people.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  /** After a change of the list's order or length, focus lands on a control of the entry at `index`. */
  const focusEntry = (index: number, selector: string) =>
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.querySelector<HTMLElement>(selector)?.focus());

  function add() {
    onChange([...people, emptyPerson()]);
    setAnnouncement(`Added ${noun} ${people.length + 1}`);
    focusEntry(people.length, 'input');
  }

  function remove(index: number) {
    const name = people[index]?.name || `${noun} ${index + 1}`;
    onChange(people.filter((_, i) => i !== index));
    setAnnouncement(`Removed ${name}`);
    if (people.length > 1) focusEntry(Math.min(index, people.length - 2), 'input');
    else requestAnimationFrame(() => document.getElementById(`${id}-add`)?.focus());
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= people.length) return;
    const next = [...people];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    onChange(next);
    setAnnouncement(`${moved!.name || `${noun} ${index + 1}`} moved to position ${to + 1} of ${people.length}`);
    focusEntry(to, by < 0 ? '[data-move="up"]' : '[data-move="down"]');
  }

  return (
    <fieldset className="form-group people-editor" id={id} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {people.length === 0 ? <p className="muted">No one listed yet.</p> : null}
      <ol ref={list} className="people-editor__list">
        {people.map((person, index) => {
          const base = `${id}-${index}`;
          const who = person.name || `${noun} ${index + 1}`;
          return (
            // The index is the identity here: entries have no id of their own, and moves re-render them all.
            <li key={index} className="people-editor__item">
              <div className="people-editor__fields">
                <TextField id={`${base}-name`} label="Name" required value={person.name} onChange={(name) => update(index, { name })} error={errors[`${index}.name`]} maxLength={100} autoComplete="off" />
                <TextField id={`${base}-title`} label="Title" value={person.title} onChange={(title) => update(index, { title })} error={errors[`${index}.title`]} maxLength={100} autoComplete="off" />
              </div>
              <ImageField
                id={`${base}-image`}
                label={`Photo of ${who}`}
                type="team"
                owner={owner}
                value={person.image}
                onChange={(image) => update(index, { image })}
                error={errors[`${index}.image`]}
              />
              <div className="people-editor__actions">
                <button type="button" className="button button--ghost" data-move="up" aria-label={`Move up: ${who}`} disabled={index === 0} onClick={() => move(index, -1)}>
                  Move up
                </button>
                <button type="button" className="button button--ghost" data-move="down" aria-label={`Move down: ${who}`} disabled={index === people.length - 1} onClick={() => move(index, 1)}>
                  Move down
                </button>
                <button type="button" className="button button--ghost" aria-label={`Remove ${who}`} onClick={() => remove(index)}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError id={id} error={errors['']} />
      {people.length < max ? (
        <button type="button" id={`${id}-add`} className="button button--ghost" onClick={add}>
          Add a {noun}
        </button>
      ) : (
        <p className="muted">At most {max} can be listed.</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
