/** The job form of issue #12 (/jobs/new and /jobs/{job}/edit): the page, the form, its preview and its values. */
export { JobFormPage, type JobFormData } from './JobFormPage';
export { AUTOSAVE_DELAY_MS, JobForm, formErrors, type JobFormProps } from './JobForm';
export { JobPreview, previewDescription, type JobPreviewProps } from './JobPreview';
export { draftOf, fieldId, inputOf, missingOf, newDraft, previewJob, sameDraft, type JobDraft } from './draft';
