/**
 * `/client/startups/{company}/settings` (issue #11): the career domain with its DNS record and check
 * (spec 2.5), the address that gets application notices, the connect banner's provider link (spec
 * 2.9), the team, and deleting the startup with a typed confirmation.
 */
import { companyAdminPath } from '@nordlys/sdk/navigation';
import { CompanySettingsInputSchema, type CompanyManage, type Order } from '@nordlys/sdk/schemas';
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../../../lib/Link';
import { apiFrom, siteHostFrom } from '../../../../api';
import { DeleteProfile } from '../../../../components/DeleteProfile';
import { DomainField } from '../../../../components/DomainField';
import { LoadFailed } from '../../../../components/LoadFailed';
import { OrderList } from '../../../../components/OrderList';
import { failureMessage, isConflict } from '../../../../components/form/errors';
import { fieldErrorsOf, serverFieldErrors, type FormErrors } from '../../../../components/form';
import { companyArea, type AreaOwner } from '../../../../layouts/areas';
import { orRouteError } from '../../../../lib/routeErrors';
import type { RouteHandle } from '../../../../meta';
import { Field, FormAlert, FormStatus, SubmitButton } from '../../../../modals/fields';
import { useApi } from '../../../../modals/useApi';
import { useGuardedSubmit } from '../../../../modals/useGuardedSubmit';

type Settings = Pick<CompanyManage, 'careersDomain' | 'careersDomainClaim' | 'applicationsEmail' | 'connectUrl'>;

interface SettingsData {
  owner: AreaOwner;
  settings: Settings;
  /** This site's host: where a domain's traffic is pointed. */
  siteHost: string;
  /** The startup's orders and invoices (issue #12), or null when they could not be loaded (the settings still work). */
  orders: Order[] | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<SettingsData> {
  const owner = await companyArea(args);
  const api = apiFrom(args.context);
  const [company, orders] = await Promise.all([
    orRouteError(api.companies.hidden(owner.key)),
    api.jobAdmin.orders(owner.key).then(
      (list) => list.orders,
      () => null,
    ),
  ]);
  const manage = company.manage;
  return {
    owner,
    settings: {
      careersDomain: manage?.careersDomain ?? null,
      careersDomainClaim: manage?.careersDomainClaim ?? null,
      applicationsEmail: manage?.applicationsEmail ?? null,
      connectUrl: manage?.connectUrl ?? null,
    },
    siteHost: siteHostFrom(args.context),
    orders,
  };
}

export const handle: RouteHandle<SettingsData> = {
  meta: ({ data }) => ({ title: `Startup settings · ${data.owner.name}`, noindex: true }),
};

const FIELDS = ['careersDomain', 'applicationsEmail', 'connectUrl'] as const;
type SettingsField = (typeof FIELDS)[number];
type Values = Record<SettingsField, string>;

const valuesOf = (settings: Settings): Values => ({
  careersDomain: settings.careersDomain ?? '',
  applicationsEmail: settings.applicationsEmail ?? '',
  connectUrl: settings.connectUrl ?? '',
});

function SettingsForm({ owner, settings, siteHost }: SettingsData) {
  const api = useApi();
  const { busy, submit } = useGuardedSubmit();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  // The saved domain with its proof (issue #33): its records and "Check now" show once it is saved.
  const [claim, setClaim] = useState(settings.careersDomainClaim);
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const refs = useRef<Partial<Record<SettingsField, HTMLInputElement | null>>>({});
  const set = (field: SettingsField) => (value: string) => {
    setSaved(false);
    setValues((current) => ({ ...current, [field]: value }));
  };

  function show(found: FormErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    setSaved(false);
    const checked = fieldErrorsOf(CompanySettingsInputSchema, values);
    if (!checked.ok) return show(checked.errors);
    setErrors({});
    try {
      const result = await submit(() => api.companyAdmin.updateSettings(owner.key, values));
      if (result.ignored) return;
      // The server's words for what it stored (a domain lower-cased, 'http://' added to a link).
      if (result.value.manage) {
        setValues(valuesOf(result.value.manage));
        setClaim(result.value.manage.careersDomainClaim);
      }
      setSaved(true);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && FIELDS.some((field) => fields[field])) show(fields);
      else if (isConflict(error)) {
        show({ careersDomain: failureMessage(error, 'This domain is taken') });
      } else setAlert(failureMessage(error, 'The settings could not be saved. Please try again.'));
    }
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <section className="admin-section" aria-labelledby="settings-domain">
        <h2 id="settings-domain">Career domain</h2>
        <p className="muted">
          Serve the career page of {owner.name} on a domain of your own. Enter it and save; then prove it is yours with a DNS
          record shown below and press Check now. It is served once proven, and checked again every day.
        </p>
        <DomainField
          id="settings-careers-domain"
          label="Career domain"
          name="careersDomain"
          value={values.careersDomain}
          onChange={set('careersDomain')}
          error={errors.careersDomain}
          inputRef={(element) => {
            refs.current.careersDomain = element;
          }}
          claim={claim}
          siteHost={siteHost}
          hint="A host name without https://. Leave it empty to use no domain of your own."
        />
      </section>
      <section className="admin-section" aria-labelledby="settings-general">
        <h2 id="settings-general">Notices and links</h2>
        <Field
          id="settings-applications-email"
          label="Application e-mail"
          name="applicationsEmail"
          type="email"
          autoComplete="email"
          value={values.applicationsEmail}
          inputRef={(element) => {
            refs.current.applicationsEmail = element;
          }}
          error={errors.applicationsEmail}
          describedBy="settings-applications-email-hint"
          onChange={(event) => set('applicationsEmail')(event.currentTarget.value)}
        >
          <p id="settings-applications-email-hint" className="field__hint">
            Where we send a notice for each new application. Leave it empty to notify every team member.
          </p>
        </Field>
        <Field
          id="settings-connect-url"
          label="Connect link"
          name="connectUrl"
          type="text"
          inputMode="url"
          autoComplete="url"
          value={values.connectUrl}
          inputRef={(element) => {
            refs.current.connectUrl = element;
          }}
          error={errors.connectUrl}
          describedBy="settings-connect-url-hint"
          onChange={(event) => set('connectUrl')(event.currentTarget.value)}
        >
          <p id="settings-connect-url-hint" className="field__hint">
            Your page at the professional network, which the connect banner links to, like linkedin.com/company/your-startup.
          </p>
        </Field>
      </section>
      <div className="admin-form__actions">
        <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
          Save settings
        </SubmitButton>
        <div aria-live="polite">{saved ? <FormStatus>The settings are saved.</FormStatus> : null}</div>
      </div>
    </form>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  const { owner } = data;
  return (
    <div>
      <header className="page-head">
        <h1>Startup settings</h1>
        <p className="page-head__lead">The career domain of {owner.name}, where application notices go, and its connect link.</p>
      </header>
      <SettingsForm key={owner.key} {...data} />
      <section className="admin-section" aria-labelledby="settings-team">
        <h2 id="settings-team">Team</h2>
        <p>
          <Link to={companyAdminPath(owner.key, 'users')}>Manage the team members of {owner.name}</Link>
        </p>
      </section>
      <Orders owner={owner} initial={data.orders} />
      <DeleteProfile
        kind="company"
        profileKey={owner.key}
        name={owner.name}
        consequences={`Deleting ${owner.name} removes its page, its jobs from every list, feed and widget, and its team's access.`}
      />
    </div>
  );
}

/** Issue #12: the startup's orders and invoices, newest first, each linking to its invoice page; a retry when they could not be loaded. */
function Orders({ owner, initial }: { owner: AreaOwner; initial: Order[] | null }) {
  const api = useApi();
  const [orders, setOrders] = useState(initial);
  const [loading, setLoading] = useState(false);

  async function retry() {
    setLoading(true);
    setOrders(await api.jobAdmin.orders(owner.key).then((list) => list.orders, () => null));
    setLoading(false);
  }

  return (
    <section className="admin-section" id="orders" aria-labelledby="settings-orders" aria-busy={loading || undefined}>
      <h2 id="settings-orders">Orders and invoices</h2>
      {orders === null ? (
        <LoadFailed title="The orders could not be loaded" message="Please try again in a moment." busy={loading} onRetry={() => void retry()} />
      ) : orders.length === 0 ? (
        <p className="muted">No orders yet. When you buy a plan for a job, its order and invoice are listed here.</p>
      ) : (
        <OrderList orders={orders} variant="company" caption={`Orders and invoices of ${owner.name}, newest first`} />
      )}
    </section>
  );
}
