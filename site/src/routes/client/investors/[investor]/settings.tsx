/** `/client/investors/{investor}/settings`: the investor's settings. */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('investor', {
  title: 'Investor settings',
  lead: (investor) => `The team members of ${investor.name} and how startups may contact you.`,
  next: 'Managing these settings from this page comes in a later release.',
});
