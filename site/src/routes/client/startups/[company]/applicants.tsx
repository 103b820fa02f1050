/** `/client/startups/{company}/applicants`: everyone who applied to the startup's jobs. */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('company', {
  title: 'All applicants',
  lead: (startup) => `Everyone who applied to a job at ${startup.name}, by pipeline stage.`,
  next: 'The applicant pipeline comes in a later release.',
});
