/**
 * The applicant pipeline of spec 4 (issue #13), in one place: the board's columns in order, what a
 * candidate is told about each stage, which moves are allowed, and the colours custom stages take.
 * The server refuses what `canMove` refuses (409), the board offers only what it allows, and My jobs
 * shows `candidateStage`, never the company's own words.
 *
 * A card's place is a `StageRef`: one of the fixed stages, or 'custom' with the company's stage id.
 */
import { PIPELINE_STAGES, type PipelineStage } from './constants';

/** Where a card is: a fixed stage, or a company's custom stage (stageId set exactly when stage is 'custom'). */
export interface StageRef {
  stage: PipelineStage;
  stageId: number | null;
}

/** A company's own stage (spec 4 'custom'). */
export interface CustomStage {
  id: number;
  name: string;
  color: string;
  position: number;
}

/** What the team calls each fixed stage (spec 4); 'custom' columns carry the company's names. */
export const STAGE_LABELS: Record<PipelineStage, string> = {
  applied: 'Applied',
  custom: 'In process',
  hired: 'Hired',
  toreject: 'To be rejected',
  rejected: 'Rejected',
};

/**
 * spec 4 and issue #13: the colours of the board's columns, the configuration's `kanban.columnColors`
 * (GET site/config-base). A custom stage takes one of these.
 */
export const KANBAN_COLUMN_COLORS: Record<PipelineStage, string> = {
  applied: '#3b6fd8',
  custom: '#8c7ae6',
  hired: '#00a86b',
  toreject: '#e17055',
  rejected: '#636e72',
};
/** The colours a custom stage may take (the distinct configured colours). */
export const KANBAN_COLORS: readonly [string, ...string[]] = [...new Set(Object.values(KANBAN_COLUMN_COLORS))] as [string, ...string[]];

/** A company has at most this many custom stages; a stage's name at most STAGE_NAME_MAX characters. */
export const MAX_CUSTOM_STAGES = 10;
export const STAGE_NAME_MAX = 40;

/** What the candidate sees of their application (issue #13): never the company's stage names, never "rejected". */
export const CANDIDATE_STAGES = ['Applied', 'In review', 'Hired', 'Not selected'] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];

/**
 * The candidate's view of a stage. 'To be rejected' is the team's private shortlist and reads "In
 * review"; only a final rejection reads "Not selected".
 * @example candidateStage('toreject') // 'In review'
 */
export function candidateStage(stage: PipelineStage): CandidateStage {
  switch (stage) {
    case 'applied':
      return 'Applied';
    case 'hired':
      return 'Hired';
    case 'rejected':
      return 'Not selected';
    default:
      return 'In review';
  }
}

/** spec 4: 'rejected' is locked: a card never leaves it. */
export const isLockedStage = (stage: PipelineStage): boolean => stage === 'rejected';

/** The board column a card sits in: the stage, or 'custom:{id}'. @example columnKey({ stage: 'custom', stageId: 4 }) // 'custom:4' */
export function columnKey(ref: StageRef): string {
  return ref.stage === 'custom' ? `custom:${ref.stageId}` : ref.stage;
}

/** The StageRef of a column key, or null when it is not one. @example parseColumnKey('custom:4') // { stage: 'custom', stageId: 4 } */
export function parseColumnKey(key: string): StageRef | null {
  const custom = /^custom:([1-9]\d{0,9})$/.exec(key);
  if (custom) return { stage: 'custom', stageId: Number(custom[1]) };
  if (key === 'custom') return null;
  return (PIPELINE_STAGES as readonly string[]).includes(key) ? { stage: key as PipelineStage, stageId: null } : null;
}

const sameRef = (a: StageRef, b: StageRef) => a.stage === b.stage && (a.stage !== 'custom' || a.stageId === b.stageId);

/**
 * Whether a card may move from `from` to `to`: never out of 'rejected', never onto itself, and a
 * custom target must name a stage (the server also checks it is the company's).
 */
export function canMove(from: StageRef, to: StageRef): boolean {
  if (isLockedStage(from.stage)) return false;
  if (to.stage === 'custom' && to.stageId == null) return false;
  if (to.stage !== 'custom' && to.stageId != null) return false;
  return !sameRef(from, to);
}

/** One column of the board. */
export interface BoardColumn {
  /** columnKey of its cards. */
  key: string;
  ref: StageRef;
  label: string;
  color: string;
  locked: boolean;
}

/**
 * The board's columns in order (spec 4): applied, the company's custom stages by position, hired,
 * toreject ("To be rejected") and rejected.
 */
export function boardColumns(stages: readonly CustomStage[], colors: Partial<Record<PipelineStage, string>> = KANBAN_COLUMN_COLORS): BoardColumn[] {
  const fixed = (stage: PipelineStage): BoardColumn => ({
    key: stage,
    ref: { stage, stageId: null },
    label: STAGE_LABELS[stage],
    color: colors[stage] ?? KANBAN_COLUMN_COLORS[stage],
    locked: isLockedStage(stage),
  });
  const custom = [...stages]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((s): BoardColumn => ({ key: `custom:${s.id}`, ref: { stage: 'custom', stageId: s.id }, label: s.name, color: s.color, locked: false }));
  return [fixed('applied'), ...custom, fixed('hired'), fixed('toreject'), fixed('rejected')];
}

/** The team's name for where a card is: the fixed label, or the custom stage's name. */
export function stageLabel(ref: StageRef, stages: readonly Pick<CustomStage, 'id' | 'name'>[]): string {
  if (ref.stage === 'custom') return stages.find((s) => s.id === ref.stageId)?.name ?? STAGE_LABELS.custom;
  return STAGE_LABELS[ref.stage];
}

/** The kinds of an application's history entries. */
export const APPLICATION_EVENT_KINDS = ['applied', 'moved', 'rejection-mailed'] as const;
export type ApplicationEventKind = (typeof APPLICATION_EVENT_KINDS)[number];

/** The 1–5 rating each team member may give. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
