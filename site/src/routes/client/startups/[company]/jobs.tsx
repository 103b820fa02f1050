/** `/client/startups/{company}/jobs`: the startup's jobs. */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('company', {
  title: 'Jobs',
  lead: (startup) => `The jobs ${startup.name} has posted, with their status, views and applicants.`,
  next: 'Posting a job and managing your jobs from this page comes in a later release.',
});
