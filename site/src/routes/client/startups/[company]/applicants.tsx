/**
 * `/client/startups/{company}/applicants` (spec 2.4, issue #13): everyone who applied to the
 * startup's jobs, on the applicant board: one column per stage, filters in the URL (`?job=`,
 * `?stage=`, `?rating=`, `?search=`) and a card opened by `?open={id}` (the mails link here).
 */
import { paths } from '@nordlys/sdk/routes';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { apiFrom } from '../../../../api';
import { Board } from '../../../../components/board/Board';
import { boardFilters, type BoardFilters } from '../../../../components/board/filters';
import { boardShouldRevalidate, kanbanColors, loadBoard, type BoardResult, type ColumnColors } from '../../../../components/board/load';
import { LoadFailed } from '../../../../components/LoadFailed';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import { requestLocale } from '../../../../lib/locale';
import type { RouteHandle } from '../../../../meta';

interface ApplicantsData {
  owner: AreaOwner;
  filters: BoardFilters;
  board: BoardResult;
  colors: ColumnColors;
  locale: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<ApplicantsData> {
  const owner = await companyArea(args);
  const filters = boardFilters(new URL(args.request.url).searchParams);
  const api = apiFrom(args.context);
  const [board, colors] = await Promise.all([loadBoard(api, owner.key, filters), kanbanColors(api)]);
  return { owner, filters, board, colors, locale: requestLocale(args.request) };
}

/** Opening or closing a card (`?open=`) keeps the board as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = boardShouldRevalidate;

export const handle: RouteHandle<ApplicantsData> = {
  meta: ({ data }) => ({ title: `Applicants · ${data.owner.name}`, noindex: true }),
};

export function Component() {
  const { owner, filters, board, colors, locale } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <div className="applicants-page">
      <header className="page-head">
        <h1>Applicants</h1>
        <p className="page-head__lead">
          Everyone who applied to a job at {owner.name}, by stage. Drag a card to another stage, or use its “Move to…” button; open it to read the CV, rate
          and take notes.
        </p>
      </header>
      {board.ok ? (
        <Board
          companyKey={owner.key}
          list={board.list}
          filters={filters}
          colors={colors}
          locale={locale}
          empty={{
            text: 'When talent applies to one of your jobs on Nordlys, they appear here, in Applied.',
            href: paths.companyAdmin(owner.key, 'jobs'),
            label: 'See your jobs',
          }}
        />
      ) : (
        <LoadFailed
          title="The applicants could not be loaded"
          message={board.message}
          busy={revalidator.state === 'loading'}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
    </div>
  );
}
