/** The demo sign-in accounts: one per kind of user the spec describes, all with the same password. */

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Nordlys-demo-1!';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** What the account can show, for the README and the seed's output. */
  role: string;
}

export const DEMO_ACCOUNTS = [
  { email: 'admin@nordlys.test', firstName: 'Astrid', lastName: 'Lindqvist', role: 'site admin' },
  { email: 'talent@nordlys.test', firstName: 'Sofie', lastName: 'Kjær', role: 'applicant (talent profile)' },
  { email: 'founder@nordlys.test', firstName: 'Mads', lastName: 'Holm', role: 'admin of Northwind Labs' },
  { email: 'investor@nordlys.test', firstName: 'Ingrid', lastName: 'Solberg', role: 'admin of Fjord Ventures' },
  { email: 'multi@nordlys.test', firstName: 'Aino', lastName: 'Virtanen', role: 'applicant, startup admin and investor admin' },
  { email: 'draft@nordlys.test', firstName: 'Jonas', lastName: 'Berg', role: 'admin of Draft Startup (DRAFT)' },
  { email: 'newbie@nordlys.test', firstName: 'Elin', lastName: 'Nilsson', role: 'new user without profiles' },
  { email: 'sister@nordlys.test', firstName: 'Kari', lastName: 'Nordmann', role: 'admin of Polaris Impact (sister platform only: connect it)' },
] as const satisfies readonly DemoAccount[];

export type DemoEmail = (typeof DEMO_ACCOUNTS)[number]['email'];
