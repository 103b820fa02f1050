// @vitest-environment happy-dom
import type { DomainCheck, DomainClaim } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountApi, jsonAnswer, type Handlers } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import { checkMessage, DomainField } from './DomainField';

afterEach(cleanup);

const claim = (more: Partial<DomainClaim> = {}): DomainClaim => ({
  domain: 'careers.northwind.dk',
  state: 'claimed',
  records: {
    txt: { type: 'TXT', name: '_nordlys.careers.northwind.dk', value: 'token-1' },
    cname: { type: 'CNAME', name: 'careers.northwind.dk', value: 'northwind-labs.nordlys.example' },
  },
  checkedAt: null,
  verifiedAt: null,
  ...more,
});

function Harness({ initial, saved }: { initial: string; saved: DomainClaim | null }) {
  const [value, setValue] = useState(initial);
  return <DomainField id="domain" label="Career domain" name="careersDomain" value={value} onChange={setValue} claim={saved} siteHost="nordlys.example" />;
}

function open(initial: string, saved: DomainClaim | null, handlers: Handlers = {}) {
  const fake = accountApi(handlers);
  render(
    <ApiProvider api={fake.api}>
      <Harness initial={initial} saved={saved} />
    </ApiProvider>,
  );
  return fake;
}

const check = (more: Partial<DomainCheck>): DomainCheck => ({ ...claim(), proof: null, pointsHere: false, found: [], ...more });

describe('DomainField', () => {
  it("shows the saved claim's state and its TXT and CNAME records; a domain typed over it asks to be saved first", () => {
    open('careers.northwind.dk', claim());
    expect(screen.getByTestId('domain-state').textContent).toBe('Waiting for proof');
    expect(screen.getByTestId('dns-record-txt').textContent).toBe('TXT _nordlys.careers.northwind.dk → token-1');
    expect(screen.getByTestId('dns-record-cname').textContent).toBe('CNAME careers.northwind.dk → northwind-labs.nordlys.example');
    fireEvent.change(screen.getByLabelText('Career domain'), { target: { value: 'Jobs.Northwind.DK' } });
    expect(screen.queryByTestId('dns-record-txt')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(screen.getByTestId('domain-unsaved').textContent).toContain('Save to claim jobs.northwind.dk');
  });

  it('Check now asks the server about the saved domain, shows the new state and says what it found in the live region', async () => {
    const { calls } = open('careers.northwind.dk', claim(), {
      'POST domain-check': () => jsonAnswer(check({ state: 'verified', proof: 'TXT', pointsHere: true, found: ['nordlys.example'] })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('careers.northwind.dk is verified by its TXT record and served by this site.')).toBeTruthy();
    expect(calls.map((c) => c.json)).toEqual([{ domain: 'careers.northwind.dk' }]);
    expect(screen.getByTestId('domain-state').textContent).toBe('Verified: served');
    expect(screen.getByText(/is verified by its TXT record/).closest('[aria-live="polite"]')).toBeTruthy();
  });

  it("shows the server's refusal of a check in the live region", async () => {
    open('careers.northwind.dk', claim(), {
      'POST domain-check': () => jsonAnswer({ code: 'E_CONFLICT', message: 'This domain is already used by another career page or white-label feed, whose owner proved it in DNS' }, 409),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/already used by another career page/)).toBeTruthy();
    expect(screen.getByTestId('domain-state').textContent).toBe('Waiting for proof');
  });

  it('words each answer', () => {
    expect(checkMessage(check({ state: 'verified', proof: 'CNAME', pointsHere: true }))).toBe('careers.northwind.dk is verified by its CNAME record and served by this site.');
    expect(checkMessage(check({ state: 'verified', proof: 'TXT', found: ['203.0.113.7'] }))).toBe(
      'careers.northwind.dk is verified by its TXT record and served by this site. Its traffic does not reach this site yet: it points to 203.0.113.7.',
    );
    expect(checkMessage(check({}))).toBe('careers.northwind.dk is waiting for its proof. Neither record was found for careers.northwind.dk. DNS changes can take a few hours to show.');
    expect(checkMessage(check({ state: 'lapsed' }))).toBe(
      'careers.northwind.dk has lapsed and is not served. Neither record was found for careers.northwind.dk. DNS changes can take a few hours to show.',
    );
  });
});
