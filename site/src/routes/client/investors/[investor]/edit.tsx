/** `/client/investors/{investor}/edit`: the investor profile form; where a DRAFT investor is sent (spec 2.12). */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('investor', {
  title: 'Edit investor profile',
  lead: (investor) =>
    investor.status === 'DRAFT'
      ? `${investor.name} is a draft. Finish its profile to list it among the investors.`
      : `What startups see on the ${investor.name} profile: your intro, key people and investments.`,
  next: 'The investor profile form comes in a later release.',
});
