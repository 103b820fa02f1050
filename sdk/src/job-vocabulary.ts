/**
 * spec 3's vocabularies of a job: its position types, its categories in their selection groups (which
 * every job card shows) and its perks. Their own module (vocabulary.ts names them all) so the pages that list
 * jobs do not load the startup and investor vocabularies.
 */

/** spec 3: the position types of a job. */
export const POSITION_TYPES = [
  { value: 'FULL_TIME', text: 'Full-time' },
  { value: 'PART_TIME', text: 'Part-time' },
  { value: 'INTERNSHIP', text: 'Internship' },
  { value: 'FREELANCE', text: 'Freelance' },
  { value: 'COFOUNDER', text: 'Co-founder' },
] as const;
export type PositionType = (typeof POSITION_TYPES)[number]['value'];
export const POSITION_TYPE_VALUES = /* @__PURE__ */ POSITION_TYPES.map((p) => p.value) as [PositionType, ...PositionType[]];

/** Selection groups of spec 3 ("Grouped for selection as"). */
export const CATEGORY_GROUPS = [
  'business development',
  'customer success',
  'design',
  'development',
  'mobile development',
  'operations',
  'marketing',
  'project management',
  'sales',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

export interface Category {
  value: string;
  text: string;
  icon: string;
  /** An accent for chips and icons; never used as text on white (ui.md). */
  color: string;
  group: CategoryGroup | null;
}

/** spec 3: job categories with icon, colour and selection group. */
export const CATEGORIES = [
  { value: 'backend', text: 'Backend', icon: 'server', color: '#3b6fd8', group: 'development' },
  { value: 'frontend', text: 'Frontend', icon: 'layout', color: '#5b8def', group: 'development' },
  { value: 'fullstack', text: 'Fullstack', icon: 'layers', color: '#2f5bb7', group: 'development' },
  { value: 'devops', text: 'DevOps', icon: 'cloud', color: '#4a7fa7', group: 'development' },
  { value: 'mobile', text: 'Mobile', icon: 'smartphone', color: '#6c5ce7', group: 'mobile development' },
  { value: 'business-development', text: 'Business development', icon: 'briefcase', color: '#e17055', group: 'business development' },
  { value: 'operations', text: 'Operations', icon: 'settings', color: '#636e72', group: 'operations' },
  { value: 'customer-success', text: 'Customer service/success', icon: 'heart', color: '#e84393', group: 'customer success' },
  { value: 'design', text: 'Design', icon: 'pen-tool', color: '#fd79a8', group: 'design' },
  { value: 'marketing', text: 'Marketing', icon: 'megaphone', color: '#fdcb6e', group: 'marketing' },
  { value: 'project-management', text: 'Project management', icon: 'clipboard', color: '#00b894', group: 'project management' },
  { value: 'sales', text: 'Sales', icon: 'trending-up', color: '#d63031', group: 'sales' },
  { value: 'cxo', text: 'CxO', icon: 'award', color: '#2d3436', group: 'operations' },
  { value: 'engineer', text: 'Engineer', icon: 'tool', color: '#0984e3', group: 'development' },
  { value: 'finance', text: 'Finance', icon: 'dollar-sign', color: '#00a86b', group: 'operations' },
  { value: 'hr', text: 'HR', icon: 'users', color: '#a29bfe', group: 'operations' },
  { value: 'data-science', text: 'Data science', icon: 'bar-chart', color: '#00cec9', group: 'development' },
  { value: 'legal', text: 'Legal', icon: 'book', color: '#8c7ae6', group: 'operations' },
  { value: 'analyst', text: 'Analyst', icon: 'pie-chart', color: '#0097a7', group: 'business development' },
  { value: 'product-management', text: 'Product management', icon: 'box', color: '#55a630', group: 'project management' },
  { value: 'qa', text: 'QA', icon: 'check-circle', color: '#38ada9', group: 'development' },
  { value: 'ux-ui-designer', text: 'UX/UI designer', icon: 'figma', color: '#e056fd', group: 'design' },
  { value: 'other', text: 'Other', icon: 'more-horizontal', color: '#95a5a6', group: null },
] as const satisfies readonly Category[];
export type CategoryValue = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = /* @__PURE__ */ CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

/** spec 3: perk icons ("beer, coffee, equity, gym, healthcare, pension, pet, remote, and others"). */
export const PERKS = [
  { value: 'beer', text: 'Friday bar' },
  { value: 'coffee', text: 'Great coffee' },
  { value: 'equity', text: 'Equity' },
  { value: 'gym', text: 'Gym membership' },
  { value: 'healthcare', text: 'Health insurance' },
  { value: 'pension', text: 'Pension' },
  { value: 'pet', text: 'Pet friendly' },
  { value: 'remote', text: 'Remote friendly' },
  { value: 'lunch', text: 'Free lunch' },
  { value: 'learning', text: 'Learning budget' },
  { value: 'parental-leave', text: 'Extended parental leave' },
  { value: 'flexible-hours', text: 'Flexible hours' },
] as const;
export type PerkValue = (typeof PERKS)[number]['value'];
export const PERK_VALUES = /* @__PURE__ */ PERKS.map((p) => p.value) as [PerkValue, ...PerkValue[]];

/** spec 3: the job categories in their selection groups, in the groups' order; categories without a group come last, as "Other". */
export function categorySections(): { group: CategoryGroup | null; label: string; categories: (typeof CATEGORIES)[number][] }[] {
  const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);
  return [
    ...CATEGORY_GROUPS.map((group) => ({ group, label: capitalised(group), categories: CATEGORIES.filter((c) => c.group === group) })),
    { group: null, label: 'Other', categories: CATEGORIES.filter((c) => c.group === null) },
  ].filter((s) => s.categories.length > 0);
}
