/** The building blocks of the profile forms (startup and investor edit pages, settings): see forms.css. */
export { FieldError, FieldFrame, RequiredMark, describedBy } from './Field';
export { TextField, type TextFieldProps } from './TextField';
export { TextArea, type TextAreaProps } from './TextArea';
export { Select, type SelectProps } from './Select';
export { CheckboxGroup, ChipPicker, type CheckboxGroupProps } from './CheckboxGroup';
export { RichTextField, editorHtml, type RichTextFieldProps } from './RichTextField';
export { PeopleEditor, emptyPerson, peopleInput, type PersonDraft, type PeopleEditorProps } from './PeopleEditor';
export { FieldLink, focusField, focusFirstInvalidIn, FormErrorSummary, type FormErrorItem } from './FormErrorSummary';
export { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';
export { errorsUnder, failureMessage, fieldErrorsOf, isConflict, serverFieldErrors, withoutErrorsOf, type FormErrors } from './errors';
export { BusyButton } from './BusyButton';
