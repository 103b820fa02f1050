/** `/client/startups/{company}/users`: the startup's team members and invitations (issue #11). */
import { teamPage } from '../../../../components/TeamPage';

export const { loader, handle, Component } = teamPage('company');
