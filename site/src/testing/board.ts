/** Sample answers of the hiring calls (sdk api.hiring) for the applicant board's tests: cards, the board, an opened card. */
import { columnKey } from '@nordlys/sdk/pipeline';
import type { Applicant, ApplicantDetail, ApplicantList, CompanyStage } from '@nordlys/sdk/schemas';

const DAY = 86_400_000;
const iso = (now: number, daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();

/** Northwind's own stages, as the demo data has them. */
export const northwindStages = (): CompanyStage[] => [
  { id: 4, name: 'Take-home task', color: '#3b6fd8', position: 1 },
  { id: 3, name: 'First interview', color: '#8c7ae6', position: 0 },
];

/** A card; `more` changes any field. */
export function applicant(id: number, fullName: string, more: Partial<Applicant> = {}, now = Date.now()): Applicant {
  return {
    id,
    job: { id: 11, title: 'Backend Engineer' },
    applicant: { id: 100 + id, fullName, headline: null, imageUrl: null },
    stage: 'applied',
    stageId: null,
    appliedAt: iso(now, 2.5),
    updatedAt: iso(now, 1),
    rating: null,
    myRating: null,
    notesCount: 0,
    hasCv: true,
    rejectionMailed: false,
    ...more,
  };
}

/** The demo board: one card in each column. */
export function northwindCards(now = Date.now()): Applicant[] {
  return [
    applicant(1, 'Ada Lovelace', { applicant: { id: 101, fullName: 'Ada Lovelace', headline: 'Analytical engine programmer', imageUrl: null }, rating: 4.5, notesCount: 2 }, now),
    applicant(2, 'Grace Hopper', { stage: 'custom', stageId: 3, job: { id: 12, title: 'Product Designer' } }, now),
    applicant(3, 'Alan Turing', { stage: 'hired' }, now),
    applicant(4, 'Edsger Dijkstra', { stage: 'toreject' }, now),
    applicant(5, 'Barbara Liskov', { stage: 'rejected', rejectionMailed: true }, now),
  ];
}

/** A board answer of these cards: counts per column from them (plus `extraCounts`), one page unless `total` says more. */
export function boardList(cards: Applicant[], more: { total?: number; page?: number; stages?: CompanyStage[] } = {}): ApplicantList {
  const counts: Record<string, number> = {};
  for (const card of cards) {
    const key = columnKey({ stage: card.stage, stageId: card.stageId });
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const total = more.total ?? cards.length;
  return {
    applicants: cards,
    page: { total, page: more.page ?? 1, pageSize: 500, pages: Math.max(1, Math.ceil(total / 500)) },
    counts,
    stages: more.stages ?? northwindStages(),
    jobs: [
      { id: 11, title: 'Backend Engineer', status: 'ACTIVE', applications: 4 },
      { id: 12, title: 'Product Designer', status: 'ACTIVE', applications: 1 },
    ],
  };
}

/** An opened card. */
export function applicantDetail(card: Applicant, now = Date.now()): ApplicantDetail {
  return {
    ...card,
    email: `${card.applicant.fullName.split(' ')[0]!.toLowerCase()}@example.com`,
    linkedinUrl: 'https://www.linkedin.com/in/ada',
    categories: ['backend'],
    preferredCountryCode: 'DK',
    message: 'I would love to build this with you.\nSee my CV.',
    answers: [{ question: 'Why Northwind?', answer: 'Greener factories.' }],
    surface: 'site',
    cv: card.hasCv ? { url: `/api/applications/${card.id}/cv`, fileName: 'ada-cv.pdf', sizeBytes: 120_000 } : null,
    ratings: [{ user: { id: 2, fullName: 'Frida Founder' }, rating: 5 }],
    notes: [{ id: 1, author: { id: 2, fullName: 'Frida Founder' }, body: 'Strong on algorithms.', createdAt: iso(now, 1) }],
    history: [
      { id: 1, kind: 'applied', fromStage: null, toStage: 'applied', stageName: null, actor: null, createdAt: iso(now, 2) },
      { id: 2, kind: 'moved', fromStage: 'applied', toStage: 'custom', stageName: 'First interview', actor: { id: 2, fullName: 'Frida Founder' }, createdAt: iso(now, 1) },
      { id: 3, kind: 'moved', fromStage: 'custom', toStage: 'applied', stageName: null, actor: { id: 2, fullName: 'Frida Founder' }, createdAt: iso(now, 1) },
    ],
  };
}
