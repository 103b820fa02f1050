/** Job descriptions as simple safe HTML (<p>, <h3>, <ul>), composed from templates per category. */
import type { PerkValue } from '@nordlys/sdk/constants';
import type { Random } from './random';
import type { Role } from './roles';
import { escapeHtml } from './text';

export interface DescriptionInput {
  title: string;
  companyName: string;
  /** The office city, or null for a remote job without one. */
  city: string | null;
  isRemote: boolean;
  role: Role;
  whatWeDo: string | null;
  perks: readonly PerkValue[];
}

const PERK_PHRASES: Record<PerkValue, string> = {
  beer: 'a Friday bar',
  coffee: 'great coffee',
  equity: 'equity in the company',
  gym: 'a gym membership',
  healthcare: 'health insurance',
  pension: 'a pension scheme',
  pet: 'a dog-friendly office',
  remote: 'the option to work remotely',
  lunch: 'free lunch',
  learning: 'a personal learning budget',
  'parental-leave': 'extended parental leave',
  'flexible-hours': 'flexible hours',
};

const GENERIC_SKILLS = [
  'You speak and write English fluently',
  'You like to take ownership and work independently',
  'You enjoy working in a small team where things change fast',
  'You share our values: openness, trust and a healthy work-life balance',
];

const INTROS = [
  (t: string, c: string, where: string) => `${c} is looking for ${article(t)} ${t} to join our team ${where}.`,
  (t: string, c: string, where: string) => `Do you want to make a difference from day one? Join ${c} as our new ${t} ${where}.`,
  (t: string, c: string, where: string) => `We are growing, and we need ${article(t)} ${t} who wants to build something that matters with us ${where}.`,
];

/**
 * 'a' or 'an' before a title, by how it is spoken.
 * @example article('iOS Developer') // 'an'
 * @example article('UX Researcher') // 'a'
 * @example article('SEO Specialist') // 'an'
 */
export function article(title: string): 'a' | 'an' {
  const word = title.split(/[\s/(]/)[0] ?? '';
  // Acronyms are spelled out: an SEO, an MLOps, an FP&A; but a UX, a QA.
  if (/^[A-Z]{2}/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiouAEIO]/.test(word) ? 'an' : 'a';
}

const CLOSINGS = [
  'We review applications continuously, so do not wait to apply. We look forward to hearing from you!',
  'Send us your CV and a few lines about why this role is for you. No cover letter templates, please.',
  'Questions about the role? Reach out to our hiring manager through the application form.',
];

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A 3–6 block description that names the company and the city.
 * @example jobDescription(random, { title: 'Product Designer', companyName: 'Lumi Health', city: 'Helsinki', ... }) // '<p>Lumi Health is looking for …</p><h3>…'
 */
export function jobDescription(random: Random, input: DescriptionInput): string {
  const { title, companyName, city, isRemote, role, whatWeDo, perks } = input;
  const where = isRemote
    ? city
      ? `remotely or at our office in ${city}`
      : 'remotely, from anywhere in the Nordics'
    : `in ${city ?? 'our office'}`;
  const blocks = [`<p>${escapeHtml(random.pick(INTROS)(title, companyName, where))}</p>`];
  if (whatWeDo && random.chance(0.8)) blocks.push(`<h3>About ${escapeHtml(companyName)}</h3><p>${escapeHtml(whatWeDo)}</p>`);
  blocks.push(`<h3>What you will do</h3>${list(random.sample(role.duties, random.int(3, 4)))}`);
  blocks.push(`<h3>What we are looking for</h3>${list([...random.sample(role.skills, 3), random.pick(GENERIC_SKILLS)])}`);
  if (perks.length > 0) {
    const phrases = perks.map((p) => PERK_PHRASES[p]);
    const office = city && !isRemote ? ` in the heart of ${city}` : '';
    blocks.push(`<h3>What we offer</h3><p>${escapeHtml(`A competitive package with ${sentenceList(phrases)}, and a friendly team${office}.`)}</p>`);
  }
  if (random.chance(0.7)) blocks.push(`<p>${escapeHtml(random.pick(CLOSINGS))}</p>`);
  return blocks.join('\n');
}
