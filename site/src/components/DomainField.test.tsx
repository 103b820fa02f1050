// @vitest-environment happy-dom
import type { DomainCheck } from '@nordlys/sdk/schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountApi, jsonAnswer, type Handlers } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import { checkMessage, DomainField } from './DomainField';

afterEach(cleanup);

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <DomainField id="domain" label="Career domain" name="careersDomain" value={value} onChange={setValue} siteHost="nordlys.example" />;
}

function open(initial: string, handlers: Handlers = {}) {
  const fake = accountApi(handlers);
  render(
    <ApiProvider api={fake.api}>
      <Harness initial={initial} />
    </ApiProvider>,
  );
  return fake;
}

const check = (more: Partial<DomainCheck>): DomainCheck => ({
  domain: 'careers.northwind.dk',
  record: { type: 'CNAME', name: 'careers.northwind.dk', value: 'jobs.nordlys.example' },
  pointsHere: false,
  found: [],
  ...more,
});

describe('DomainField', () => {
  it('shows the CNAME record for the typed host name (lower-cased), and none while it is not one', () => {
    open('');
    expect(screen.queryByTestId('dns-record')).toBeNull();
    fireEvent.change(screen.getByLabelText('Career domain'), { target: { value: 'Careers.Northwind.DK' } });
    expect(screen.getByTestId('dns-record').textContent).toBe('CNAME careers.northwind.dk → nordlys.example');
    fireEvent.change(screen.getByLabelText('Career domain'), { target: { value: 'https://careers.northwind.dk/' } });
    expect(screen.queryByTestId('dns-record')).toBeNull();
  });

  it("checks the domain, says what it found in the live region, and then shows the server's record", async () => {
    const { calls } = open('careers.northwind.dk', {
      'GET domain-check': () => jsonAnswer(check({ found: ['elsewhere.example', '203.0.113.7'] })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText(
        'careers.northwind.dk does not point here yet. It points to elsewhere.example, 203.0.113.7. DNS changes can take a few hours to show.',
      ),
    ).toBeTruthy();
    expect(calls.map((c) => c.query.domain)).toEqual(['careers.northwind.dk']);
    expect(screen.getByTestId('dns-record').textContent).toBe('CNAME careers.northwind.dk → jobs.nordlys.example');
    expect(screen.getByText(/does not point here yet/).closest('[aria-live="polite"]')).toBeTruthy();
  });

  it('words each answer', () => {
    expect(checkMessage(check({ pointsHere: true, found: ['jobs.nordlys.example'] }))).toBe(
      'careers.northwind.dk points here. It is ready to be served by this site.',
    );
    expect(checkMessage(check({}))).toBe(
      'careers.northwind.dk does not point here yet: it has no DNS records. DNS changes can take a few hours to show.',
    );
  });
});
