/** The Drizzle schema: every entity of spec section 3. Migrations in server/drizzle are generated from it. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  APPLY_METHODS,
  CONTACT_PREFERENCES,
  DIGEST_FREQUENCIES,
  JOB_LOCATION_KINDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  SALARY_PERIODS,
  EQUITY_TYPES,
  JOB_STATUSES,
  PIPELINE_STAGES,
  POSITION_TYPE_VALUES,
  PROFILE_STATUSES,
  SALARY_TYPES,
} from '@nordlys/sdk/constants';
import { DOMAIN_STATES } from '@nordlys/sdk/domains';
import { PLAN_IDS } from '@nordlys/sdk/pricing';
import type { FeedFilters, FundingQuizAnswers } from '@nordlys/sdk/schemas';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const profileStatus = pgEnum('profile_status', PROFILE_STATUSES);
export const positionType = pgEnum('position_type', POSITION_TYPE_VALUES);
export const salaryType = pgEnum('salary_type', SALARY_TYPES);
export const equityType = pgEnum('equity_type', EQUITY_TYPES);
export const pipelineStage = pgEnum('pipeline_stage', PIPELINE_STAGES);
export const contactPreference = pgEnum('contact_preference', CONTACT_PREFERENCES);
export const digestFrequency = pgEnum('digest_frequency', DIGEST_FREQUENCIES);
export const dealType = pgEnum('deal_type', ['EXTENDED', 'DOWNLOAD']);
export const applyMethod = pgEnum('apply_method', APPLY_METHODS);
export const salaryPeriod = pgEnum('salary_period', SALARY_PERIODS);
export const jobLocationKind = pgEnum('job_location_kind', JOB_LOCATION_KINDS);
export const jobPlan = pgEnum('job_plan', PLAN_IDS);
/** A custom domain's proof (sdk/domains.ts): claimed, verified (served) or lapsed. */
export const domainState = pgEnum('domain_state', DOMAIN_STATES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const userTokenKind = pgEnum('user_token_kind', ['reset', 'verify']);
/** The two kinds of profile a team runs (spec 3): a startup or an investor. */
export const profileKind = pgEnum('profile_kind', ['company', 'investor']);

/** An uploaded image; the six sizes of spec 3 are derived from `path`. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  width: integer('width'),
  height: integer('height'),
  mimeType: text('mime_type'),
  /** The upload type it was made for (logo, cover, gallery, portrait, team, social); null for older rows. */
  kind: text('kind'),
  /** Who uploaded it, and for which profile (the upload route checks membership of that profile). */
  uploadedBy: integer('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  ownerKind: profileKind('owner_kind'),
  ownerId: integer('owner_id'),
  createdAt: createdAt(),
});

/**
 * The bytes of each stored size of an image (spec 3's six sizes), in the database so that every
 * server instance serves the same files (the default store of server/src/images; an S3-compatible
 * store can take its place behind the same interface).
 */
export const imageFiles = pgTable(
  'image_files',
  {
    /** The image's path and the size name: '{path}' + 'thumbnail', say. */
    path: text('path').notNull(),
    size: text('size').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A strong validator of the bytes (hex SHA-256, quoted when sent as ETag). */
    etag: text('etag').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.path, t.size] })],
);

/**
 * spec 3: locality, country (ISO alpha-2 code) and address. A city is found by its place key,
 * nordlys_place_key(locality) (0015, the twin of sdk placeKey), so the index is on that.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    locality: text('locality'),
    countryCode: text('country_code'),
    address: text('address'),
  },
  (t) => [index('locations_country_place_idx').on(t.countryCode, sql`nordlys_place_key(${t.locality})`)],
);

export type TeamMemberRow = { name: string; title: string | null; imageId: number | null };
export type KeyPersonRow = TeamMemberRow;
export type CompanyAddressRow = { countryCode: string; address: string | null };
export type KeyFigureRow = { name: string; value: string };

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    status: profileStatus('status').notNull().default('DRAFT'),
    website: text('website'),
    logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    galleryImageIds: integer('gallery_image_ids').array().notNull().default(sql`'{}'::integer[]`),
    team: jsonb('team').$type<TeamMemberRow[]>().notNull().default([]),
    quote: jsonb('quote').$type<{ text: string; author: string | null } | null>(),
    /** ISO alpha-2 codes of the countries it hires in. */
    countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
    /** Platforms it is listed on (spec 3: a map by platform name). */
    platforms: text('platforms').array().notNull().default(sql`'{nordlys}'::text[]`),
    whatWeDo: text('what_we_do'),
    linkedinId: text('linkedin_id'),
    views: integer('views').notNull().default(0),
    /** A custom domain for its career page (spec 2.5), served only while `careersDomainState` is verified (issue #33). */
    careersDomain: text('careers_domain'),
    /** The domain's proof (sdk/domains.ts); null exactly when there is no domain. */
    careersDomainState: domainState('careers_domain_state'),
    /** The TXT record's token, new for each domain claimed (accounts/tokens.ts randomToken). Not a secret: it is published in DNS. */
    careersDomainToken: text('careers_domain_token'),
    /** When the proof was last looked up, and last found. */
    careersDomainCheckedAt: at('careers_domain_checked_at'),
    careersDomainVerifiedAt: at('careers_domain_verified_at'),
    coverImageId: integer('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** One entry per country it is in, with the address there; `countryCodes` is kept equal to their codes. */
    addresses: jsonb('addresses').$type<CompanyAddressRow[]>().notNull().default([]),
    fundingStage: text('funding_stage'),
    numberOfEmployees: text('number_of_employees'),
    businessModel: text('business_model'),
    perks: text('perks').array().notNull().default(sql`'{}'::text[]`),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    sdgs: text('sdgs').array().notNull().default(sql`'{}'::text[]`),
    keyFigures: jsonb('key_figures').$type<KeyFigureRow[]>().notNull().default([]),
    foundedYear: integer('founded_year'),
    /** Where application notices go (the applicants issue); null means every member. */
    applicationsEmail: text('applications_email'),
    /** The connect banner's provider link (spec 2.9). */
    connectUrl: text('connect_url'),
    /** Set when the startup submits its DRAFT for review; cleared when an admin sends it back. */
    submittedAt: at('submitted_at'),
    /** The reason an admin gave when sending the profile back, shown on its edit page. */
    reviewNote: text('review_note'),
    approvedAt: at('approved_at'),
    /** A deleted company keeps its row (status INACTIVE), so its key stays taken. */
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_status_idx').on(t.status),
    // One verified owner per domain (issue #33); pending claims of one domain may be several.
    uniqueIndex('companies_careers_domain_verified_idx').on(sql`lower(${t.careersDomain})`).where(sql`${t.careersDomainState} = 'verified'`),
  ],
);

export const investors = pgTable(
  'investors',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    status: profileStatus('status').notNull().default('DRAFT'),
    category: text('category').notNull(),
    website: text('website'),
    logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    smallImageId: integer('small_image_id').references(() => images.id, { onDelete: 'set null' }),
    coverImageId: integer('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    keyPeople: jsonb('key_people').$type<KeyPersonRow[]>().notNull().default([]),
    contactPreference: contactPreference('contact_preference').notNull().default('WEBSITE'),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    intro: text('intro'),
    countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
    platforms: text('platforms').array().notNull().default(sql`'{nordlys}'::text[]`),
    views: integer('views').notNull().default(0),
    investmentRanges: text('investment_ranges').array().notNull().default(sql`'{}'::text[]`),
    /** The markets it invests in (site configuration `investor.markets`). */
    markets: text('markets').array().notNull().default(sql`'{}'::text[]`),
    /** spec 9: ANGEL, ANGELS, VENTURES. */
    typeKeywords: text('type_keywords').array().notNull().default(sql`'{}'::text[]`),
    /** Where the contact button writes to when the preference is EMAIL. */
    contactEmail: text('contact_email'),
    submittedAt: at('submitted_at'),
    reviewNote: text('review_note'),
    approvedAt: at('approved_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('investors_status_idx').on(t.status)],
);

/** A company's investors: linked to an investor profile (not editable) or its own entry (spec 3). */
export const companyInvestors = pgTable('company_investors', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  investorId: integer('investor_id').references(() => investors.id, { onDelete: 'cascade' }),
  name: text('name'),
  website: text('website'),
  category: text('category'),
  position: integer('position').notNull().default(0),
}, (t) => [
  // A startup's list, read with every job card and page ("Backed by") and its profile.
  index('company_investors_company_idx').on(t.companyId, t.position),
]);

/** An investor's portfolio entry: a company on the site, or one named by the investor. */
export const investments = pgTable('investments', {
  id: serial('id').primaryKey(),
  investorId: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  website: text('website'),
  createdAt: createdAt(),
}, (t) => [
  // A startup on the site is in a portfolio once.
  uniqueIndex('investments_investor_company_idx').on(t.investorId, t.companyId),
  // The portfolios listing a startup, read with every job card and page ("Backed by").
  index('investments_company_idx').on(t.companyId),
]);

export type UiFeatureRow = { name: string; reachedAt: string };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** The saved profile choice, as text (spec 3), e.g. 'company:northwind-labs'. */
    profile: text('profile'),
    uiFeatures: jsonb('ui_features').$type<UiFeatureRow[]>().notNull().default([]),
    /** The professional-network account id, once connected. */
    linkedinId: text('linkedin_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Issue #13: the applicant board's search by name and e-mail (ILIKE '%…%'), through pg_trgm.
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * A signed-in browser (spec 7 "Authentication and user"). The cookie holds a random token; only its
 * SHA-256 is stored, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie's token. */
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Refreshed with the sliding expiry, so accurate to a day. */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use keys sent by e-mail: password reset and e-mail verification. Only the SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: userTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('user_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * Rate-limit windows of the account routes, shared by every instance on the database: one row per
 * limiter and key (e.g. 'signInPerIp:203.0.113.7'), counting attempts until `resetAt`.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

/**
 * Failed password sign-ins of one account from every address (accounts/sign-in-throttle.ts): after a
 * few, each next try waits longer (`lockedUntil`); a success forgets the row. `warnedAt`: when the
 * owner was mailed about this run of failures.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull(),
  lockedUntil: at('locked_until'),
  warnedAt: at('warned_at'),
});

/** Captcha answers already accepted (their challenge's signature), kept until the challenge expires, so none is accepted twice. */
export const captchaAnswers = pgTable(
  'captcha_answers',
  {
    signature: text('signature').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('captcha_answers_expires_idx').on(t.expiresAt)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('company_members_company_idx').on(t.companyId)],
);

export const investorMembers = pgTable(
  'investor_members',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    investorId: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.investorId] }), index('investor_members_investor_idx').on(t.investorId)],
);

/**
 * An invitation to join a startup's or an investor's team, sent by e-mail. Only the SHA-256 of the
 * link's token is stored; it expires after 7 days and is used once.
 */
export const profileInvitations = pgTable(
  'profile_invitations',
  {
    id: serial('id').primaryKey(),
    kind: profileKind('kind').notNull(),
    profileId: integer('profile_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('profile_invitations_profile_idx').on(t.kind, t.profileId)],
);

/**
 * Issue #13: files that are not images (CVs), stored in the database like images so every instance
 * serves the same bytes, with the content type they were checked to be. Never served at a public URL:
 * only through routes that check who may read them (the candidate, and the companies they applied to).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** 'cv/{random}.pdf': unguessable, never reused. */
    path: text('path').primaryKey(),
    /** Who uploaded it; the file goes with the account. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What it is for ('cv'). */
    kind: text('kind').notNull(),
    /** The name it was uploaded with, cleaned (for the download's Content-Disposition). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** A strong validator of the bytes (hex SHA-256). */
    etag: text('etag').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerUserId)],
);

export const applicantProfiles = pgTable('applicant_profiles', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  headline: text('headline'),
  /** Never REMOTE (spec 5). */
  preferredCountryCode: text('preferred_country_code'),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  linkedinUrl: text('linkedin_url'),
  /** The stored CV (stored_files.path), offered on every quick apply. */
  cvPath: text('cv_path').references(() => storedFiles.path, { onDelete: 'set null' }),
  /** Issue #13: whether startups may find the profile (off until the candidate turns it on). */
  discoverable: boolean('discoverable').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // Issue #13: which profile uses a CV (deleting a stored file checks its foreign keys; the cleanup asks too).
  index('applicant_profiles_cv_path_idx').on(t.cvPath),
  // Issue #13: the applicant board's search by headline.
  index('applicant_profiles_headline_trgm_idx').using('gin', sql`${t.headline} gin_trgm_ops`),
]);

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    status: jobStatus('status').notNull().default('DRAFT'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    isRemote: boolean('is_remote').notNull().default(false),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    perks: text('perks').array().notNull().default(sql`'{}'::text[]`),
    positionType: positionType('position_type').notNull().default('FULL_TIME'),
    salaryType: salaryType('salary_type').notNull().default('competitive'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    equityType: equityType('equity_type').notNull().default('undisclosed'),
    equityMin: numeric('equity_min', { precision: 5, scale: 2, mode: 'number' }),
    equityMax: numeric('equity_max', { precision: 5, scale: 2, mode: 'number' }),
    board: text('board').notNull().default('nordlys'),
    views: integer('views').notNull().default(0),
    expirationDate: at('expiration_date'),
    approvedAt: at('approved_at'),
    boostingExpiresAt: at('boosting_expires_at'),
    /**
     * When the members were mailed that the job expires soon (queue/tasks.ts, job-expiry-notices); null
     * until then, and back to null whenever the expiration date changes, so a new date gets its own notice.
     */
    expiryNoticeSentAt: at('expiry_notice_sent_at'),
    // Issue #12: the job form.
    /** How the location was chosen: one of the startup's addresses (copied into the location row), another place, or remote. */
    locationKind: jobLocationKind('location_kind').notNull().default('place'),
    /** A remote job's country requirement (ISO alpha-2), or null for anywhere. */
    remoteCountryCode: text('remote_country_code'),
    salaryPeriod: salaryPeriod('salary_period'),
    applyMethod: applyMethod('apply_method').notNull().default('nordlys'),
    applyUrl: text('apply_url'),
    applyEmail: text('apply_email'),
    /** Up to SCREENING.maxQuestions questions a candidate answers when applying on Nordlys. */
    screeningQuestions: text('screening_questions').array().notNull().default(sql`'{}'::text[]`),
    /** The plan chosen on /monetise (sdk pricing.ts); a paid one is due until an order for it is settled. */
    plan: jobPlan('plan').notNull().default('free'),
    /** The reason an admin gave when sending the job back to DRAFT, shown on its edit page. */
    reviewNote: text('review_note'),
    /** Set when an admin holds a live job for review; approving its startup then leaves it waiting. */
    heldAt: at('held_at'),
    /** When a member first published it (the admin queue's order). */
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The company's name, copied here by triggers (0000 and 0002) so that searches can match it in one vector. */
    companyName: text('company_name').notNull().default(''),
    /**
     * What a search matches first: the title (weight A), the startup's name and the categories (B).
     * Short, and kept in the row (0002), so matching and ranking many jobs never reads TOAST.
     * 'simple' (no stemming) so prefix queries (engin:*) match the words as written.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(company_name, '') || ' ' || nordlys_words(categories)), 'B')`,
    ),
    /** The description's words: searched only when nothing matched the above (see queries/jobs.ts). */
    descriptionVector: tsvector('description_vector').generatedAlwaysAs(sql`to_tsvector('simple', coalesce(description, ''))`),
  },
  (t) => [
    index('jobs_search_vector_idx').using('gin', t.searchVector),
    index('jobs_description_vector_idx').using('gin', t.descriptionVector),
    index('jobs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('jobs_categories_idx').using('gin', t.categories),
    // jobs_listed_idx, the newest-first index of public jobs that searches walk and count, is made in
    // 0002_search-storage.sql (on the posted date since 0005_posted-order.sql, with the words since
    // 0012_search_scale.sql), and jobs_listed_place_idx, the same by location, in 0012: they carry the
    // filter columns (INCLUDE), which Drizzle cannot say. So do, in 0013_search_counts.sql,
    // jobs_listed_type_idx (by position type) and jobs_listed_remote_idx (remote jobs), and
    // jobs_listed_words_idx, a GIN index of the words by block of job ids (queries/jobs.ts, countMatches).
    index('jobs_status_idx').on(t.status),
    index('jobs_company_idx').on(t.companyId, t.status),
    index('jobs_location_idx').on(t.locationId),
    index('jobs_boosting_idx').on(t.boostingExpiresAt),
  ],
);

/** Per-user job flags (spec 4): saved, and the time interest was marked. */
export const jobUserFlags = pgTable(
  'job_user_flags',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    saved: boolean('saved').notNull().default(false),
    interestedAt: at('interested_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] }), index('job_user_flags_job_idx').on(t.jobId)],
);

export const companyFollows = pgTable(
  'company_follows',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/** Issue #13: a startup's own pipeline stages (spec 4 'custom'), between applied and hired, in `position` order. */
export const companyStages = pgTable(
  'company_stages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of the configuration's kanban colours (sdk KANBAN_COLORS). */
    color: text('color').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_stages_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/** An application of an applicant to a job, moving through the pipeline of spec 4. */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    stage: pipelineStage('stage').notNull().default('applied'),
    /** The company's stage, when stage is 'custom' (deleting a stage moves its cards back to applied first). */
    stageId: integer('stage_id').references(() => companyStages.id, { onDelete: 'set null' }),
    /** The candidate's note to the startup. */
    message: text('message'),
    /** The answers to the job's screening questions, in the job's order, with the question as it was asked. */
    answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull().default([]),
    /** The CV sent with this application (stored_files.path): kept as sent, whatever the profile's CV becomes. */
    cvPath: text('cv_path').references(() => storedFiles.path, { onDelete: 'set null' }),
    /** Where the candidate applied (sdk JOB_SURFACES, or 'feed:{id}'). */
    surface: text('surface').notNull().default('site'),
    /** The last move, note, rating or answer: retention counts from here (APPLICATION_RETENTION_MONTHS). */
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    /** When the kind rejection mail was queued: one per application, never two. */
    rejectionMailedAt: at('rejection_mailed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applications_job_user_idx').on(t.jobId, t.userId),
    index('applications_user_idx').on(t.userId),
    index('applications_last_activity_idx').on(t.lastActivityAt),
    index('applications_job_created_idx').on(t.jobId, t.createdAt),
    // Deleting a company stage finds its cards (and the foreign key's SET NULL) without scanning every application.
    index('applications_stage_id_idx').on(t.stageId).where(sql`${t.stageId} IS NOT NULL`),
    // The applicant board's search in the candidate's note.
    index('applications_message_trgm_idx').using('gin', sql`${t.message} gin_trgm_ops`),
    // Issue #13: which applications use a CV (deleting a stored file checks its foreign keys; the cleanup asks too).
    index('applications_cv_path_idx').on(t.cvPath),
  ],
);

/** Issue #13: one 1–5 rating per team member and application. */
export const applicationRatings = pgTable(
  'application_ratings',
  {
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] })],
);

/** Issue #13: the team's internal notes on an application (never shown to the candidate). */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_notes_application_idx').on(t.applicationId),
    // The applicant board's search in the team's notes.
    index('application_notes_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

/** Issue #13: an application's stage history: applied, each move, and the rejection mail. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    /** Who did it; null for the candidate's own 'applied' and for scheduled work. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** sdk APPLICATION_EVENT_KINDS: 'applied' | 'moved' | 'rejection-mailed'. */
    kind: text('kind').notNull(),
    fromStage: pipelineStage('from_stage'),
    toStage: pipelineStage('to_stage'),
    /** The custom stage's name when it happened (the stage may be renamed or deleted later). */
    stageName: text('stage_name'),
    createdAt: createdAt(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.createdAt)],
);

export const deals = pgTable('deals', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  type: dealType('type').notNull(),
  description: text('description').notNull().default(''),
  imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
  partnerLogoImageId: integer('partner_logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  /** A DOWNLOAD deal's document: the path of its stored_files row (kind 'deal'), served only to startup members. */
  documentFile: text('document_file'),
  partnerName: text('partner_name'),
  /** Issue #15: the partner's site, shown with its logo. */
  partnerWebsite: text('partner_website'),
  /** Issue #15: what the deal gives and on which conditions (plain text, shown to everyone). */
  terms: text('terms').notNull().default(''),
  /** Issue #15: an EXTENDED deal's code, revealed only to signed-in members of a startup. */
  code: text('code'),
  /** Issue #15: where the code is redeemed (the partner's offer page). */
  redeemUrl: text('redeem_url'),
  createdAt: createdAt(),
});

/** Issue #15: a deal a startup has claimed (revealed its code or downloaded its document); one row per deal and startup. */
export const dealClaims = pgTable(
  'deal_claims',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /** The member who claimed it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: at('claimed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_claims_deal_company_idx').on(t.dealId, t.companyId), index('deal_claims_company_idx').on(t.companyId)],
);

/**
 * Issue #15: blog posts (spec 2.1 /blog). A startup's posts carry its company; the site's own posts,
 * written by its admins, have none. A post is public while `publishedAt` is set and not in the future.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    /** The post's URL segment, unique across the blog, kept when the title changes. */
    slug: text('slug').notNull().unique(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** A plain-text summary: the list, the meta description and the feed. */
    excerpt: text('excerpt').notNull().default(''),
    /** Rich text, sanitized with the sdk policy on write (and again on render). */
    body: text('body').notNull().default(''),
    coverImageId: integer('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** Null while a draft or unpublished. */
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt), index('blog_posts_company_idx').on(t.companyId)],
);

/** Issue #15: a startup's funding quiz answers (sdk FundingQuizAnswers), kept when a signed-in member takes the quiz. */
export const fundingQuizAnswers = pgTable('funding_quiz_answers', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<FundingQuizAnswers>().notNull(),
  /** Who answered last. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const tools = pgTable('tools', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  website: text('website').notNull(),
  logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
});

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  website: text('website').notNull(),
  logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
});

/** A partner's white-label job feed, served on its own domain (spec 2.5). */
export const whiteLabelFeeds = pgTable(
  'white_label_feeds',
  {
    id: serial('id').primaryKey(),
    /** The company that runs the feed. */
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /** Served only while `domainState` is verified (issue #33). */
    domain: text('domain').notNull(),
    domainState: domainState('domain_state').notNull().default('claimed'),
    /** The TXT record's token, new for each domain claimed (as companies.careersDomainToken). */
    domainToken: text('domain_token').notNull(),
    domainCheckedAt: at('domain_checked_at'),
    domainVerifiedAt: at('domain_verified_at'),
    name: text('name').notNull(),
    description: text('description'),
    logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    filters: jsonb('filters').$type<FeedFilters>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('white_label_feeds_domain_verified_idx').on(sql`lower(${t.domain})`).where(sql`${t.domainState} = 'verified'`)],
);

/** A pinned job search (spec 3 "search history item"): key is the JSON of search, location and country. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    pinned: boolean('pinned').notNull().default(true),
    since: at('since').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_searches_user_key_idx').on(t.userId, t.key)],
);

/** A job digest subscription (spec 3); settingsKey is the secret in its manage link. */
export const digests = pgTable(
  'digests',
  {
    id: serial('id').primaryKey(),
    settingsKey: text('settings_key').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    frequency: digestFrequency('frequency').notNull().default('weekly'),
    locations: jsonb('locations').$type<{ countryCode: string }[]>().notNull().default([]),
    includeRemoteJobs: boolean('include_remote_jobs').notNull().default(false),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    lastSentAt: at('last_sent_at'),
    createdAt: createdAt(),
    // Issue #14: double opt-in, timing and scheduling (queries/digests.ts, queue/digest-tasks.ts).
    /** When the address was confirmed; null while a visitor's subscription waits for its confirmation mail's link. */
    confirmedAt: at('confirmed_at').defaultNow(),
    /** SHA-256 of the confirmation mail's token (accounts/tokens.ts hashToken); null once none is pending. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    paused: boolean('paused').notNull().default(false),
    /** 0–23 in `timeZone` (sdk digests.ts nextDigestAt). */
    hourOfDay: integer('hour_of_day').notNull().default(8),
    timeZone: text('time_zone').notNull().default('Europe/Copenhagen'),
    /** When the next digest is due; null until the scheduler first sees the subscription. */
    nextDueAt: at('next_due_at'),
    /** The last period (sdk digestPeriod) a digest was built for: one per subscription per period. */
    lastPeriod: text('last_period'),
  },
  (t) => [
    uniqueIndex('digests_email_lower_idx').on(sql`lower(${t.email})`),
    index('digests_user_idx').on(t.userId),
    index('digests_due_idx').on(t.nextDueAt).where(sql`${t.confirmedAt} IS NOT NULL AND NOT ${t.paused}`),
  ],
);

/** Issue #14: every job a subscription's digests have mailed, so none is mailed to it twice, ever. */
export const digestSentJobs = pgTable(
  'digest_sent_jobs',
  {
    digestId: integer('digest_id').notNull().references(() => digests.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.digestId, t.jobId] }), index('digest_sent_jobs_job_idx').on(t.jobId)],
);

export const engagementEvents = pgTable(
  'engagement_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    investorId: integer('investor_id').references(() => investors.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('engagement_events_type_created_idx').on(t.type, t.createdAt)],
);

/**
 * Issue #12: what a startup bought for a job, through Stripe or on invoice. Amounts are in minor units
 * of the currency (sdk pricing.ts toMinor); the totals are fixed when the order is made.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** The job's title when ordered: the invoice keeps it if the job goes. */
    jobTitle: text('job_title').notNull(),
    plan: jobPlan('plan').notNull(),
    status: orderStatus('status').notNull().default('open'),
    provider: paymentProvider('provider').notNull(),
    /** Stripe's Checkout Session id; null for invoices. */
    providerRef: text('provider_ref'),
    /** NL-{year}-{number}, from invoice_number_seq; every order gets one (a Stripe order's receipt shows it). */
    invoiceNumber: text('invoice_number').notNull().unique(),
    /** The price row used (sdk priceCountry). */
    priceCountry: text('price_country').notNull(),
    currency: text('currency').notNull(),
    netMinor: integer('net_minor').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    vatMinor: integer('vat_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    vatNote: text('vat_note').notNull().default(''),
    /** What the buyer entered: name, address, postal code, city, country, VAT number, e-mail. */
    billing: jsonb('billing').$type<BillingRow | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    dueAt: at('due_at'),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    /** When the plan took effect on the job (featured until a date); null until it did. */
    appliedAt: at('applied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_job_idx').on(t.jobId),
    index('orders_status_idx').on(t.status),
    uniqueIndex('orders_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

export type BillingRow = {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  vatNumber: string | null;
  email: string;
};

/** Payment provider events already handled (webhook replays change nothing). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: paymentProvider('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Issue #12: a job's figures per day and surface (sdk JOB_SURFACES, or `feed:{id}`): views (once per
 * visitor per day), apply clicks and applications, for the job dashboard's chart.
 */
export const jobDailyStats = pgTable(
  'job_daily_stats',
  {
    jobId: integer('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    surface: text('surface').notNull(),
    views: integer('views').notNull().default(0),
    applyClicks: integer('apply_clicks').notNull().default(0),
    applications: integer('applications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.surface] }), index('job_daily_stats_day_idx').on(t.day)],
);

/** Who has viewed a job on a day, as a salted hash (no cookie, nothing that names the visitor); kept two days. */
export const jobViewMarks = pgTable(
  'job_view_marks',
  {
    jobId: integer('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day, t.visitor] }), index('job_view_marks_day_idx').on(t.day)],
);
