/** Test support: a stored job as GET companies/{key}/jobs/{id} answers it to a member (with `manage`), for the job form's tests. */
import type { Company, ManagedJob } from '@nordlys/sdk/schemas';

export function managedJobFixture(
  company: Company,
  expiration: string,
  overrides: Partial<ManagedJob> = {},
  form: Partial<ManagedJob['manage']['form']> = {},
  manage: Partial<ManagedJob['manage']> = {},
): ManagedJob {
  const title = form.title ?? overrides.title ?? 'Backend Engineer';
  const now = new Date().toISOString();
  return {
    id: 41,
    title,
    status: 'DRAFT',
    company: { id: company.id, key: company.key, name: company.name, logoImage: null, website: company.website, whatWeDo: company.whatWeDo, countries: company.countries, numberOfActiveJobs: 2 },
    location: company.addresses[0] ? { locality: null, country: company.addresses[0].countryCode, address: company.addresses[0].address } : null,
    isRemote: false,
    categories: ['backend'],
    positionType: 'FULL_TIME',
    salary: { type: 'competitive', min: null, max: null, currency: null },
    equity: { type: 'undisclosed', min: null, max: null },
    createdAt: now,
    approvedAt: null,
    boostingExpiresAt: null,
    expirationDate: `${expiration}T23:59:59.999Z`,
    views: 0,
    board: 'nordlys',
    description: '<p>Build our forecast engine.</p>',
    perks: ['coffee'],
    ...overrides,
    manage: {
      form: {
        title,
        description: '<p>Build our forecast engine.</p>',
        categories: ['backend'],
        positionType: 'FULL_TIME',
        location: company.addresses[0] ? { kind: 'address', addressIndex: 0 } : { kind: 'remote', countryCode: null },
        salary: { type: 'competitive' },
        equity: { type: 'undisclosed' },
        apply: { method: 'nordlys' },
        perks: ['coffee'],
        expirationDate: `${expiration}T23:59:59.999Z`,
        screeningQuestions: [],
        ...form,
      },
      plan: 'free',
      paymentDue: false,
      reviewNote: null,
      heldAt: null,
      publishedAt: null,
      allowedEvents: ['publish', 'edit'],
      missing: {},
      applicants: 0,
      applyClicks: 0,
      ...manage,
    },
  };
}
