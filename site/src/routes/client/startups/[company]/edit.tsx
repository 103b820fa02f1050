/** `/client/startups/{company}/edit`: the startup profile form; where a DRAFT startup is sent (spec 2.12). */
import { adminPage } from '../../../../layouts/adminPage';

export const { loader, handle, Component } = adminPage('company', {
  title: 'Edit startup profile',
  lead: (startup) =>
    startup.status === 'DRAFT'
      ? `${startup.name} is a draft. Finish its profile to publish it and post jobs.`
      : `What talent sees on the ${startup.name} page: what you do, your team, perks and pictures.`,
  next: 'The startup profile form comes in a later release.',
});
