/** `/client/startups/{company}/settings`: the startup's settings. */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('company', {
  title: 'Startup settings',
  lead: (startup) => `The team members of ${startup.name}, its notifications and its professional-network connection.`,
  next: 'Managing these settings from this page comes in a later release.',
});
