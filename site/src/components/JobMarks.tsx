/**
 * Save and I'm interested on a job (issue #13, spec 3 per-user flags, spec 4): on every job card and
 * on the job's page. The viewer's marks come from the page's FlagsProvider; without one (a lone
 * component) the toggles are left out.
 */
import { useHasFlags, useViewerFlags } from '../session/flags';
import { MarkToggle } from './MarkToggle';

export interface JobMarkProps {
  /** With the viewer's marks when the answer carried them (spec 3 per-user fields). */
  job: { id: number; title: string; saved?: boolean; interestedAt?: string | null };
  /** Small on cards, where the job's title tells the buttons of a list apart. */
  size?: 'small' | 'regular';
}

/** Save / Saved. */
export function SaveJobButton({ job, size = 'regular' }: JobMarkProps) {
  const flags = useViewerFlags();
  return (
    <MarkToggle
      intent={{ kind: 'save', jobId: job.id }}
      pressed={flags.isSaved(job.id, job.saved)}
      set={(on) => flags.setSaved(job.id, on)}
      label="Save"
      pressedLabel="Saved"
      icon="bookmark"
      context={size === 'small' ? job.title : undefined}
      size={size}
    />
  );
}

/** I'm interested / Interested. */
export function InterestButton({ job, size = 'regular' }: JobMarkProps) {
  const flags = useViewerFlags();
  return (
    <MarkToggle
      intent={{ kind: 'interested', jobId: job.id }}
      pressed={flags.isInterested(job.id, job.interestedAt != null)}
      set={(on) => flags.setInterested(job.id, on)}
      label="I'm interested"
      pressedLabel="Interested"
      icon="heart"
      context={size === 'small' ? job.title : undefined}
      size={size}
    />
  );
}

/** Both toggles side by side, as cards and the job page show them. */
export function JobMarks({ job, size = 'regular', className = 'job-marks' }: JobMarkProps & { className?: string }) {
  if (!useHasFlags()) return null;
  return (
    <div className={size === 'small' ? `${className} job-marks--small` : className}>
      <SaveJobButton job={job} size={size} />
      <InterestButton job={job} size={size} />
    </div>
  );
}
