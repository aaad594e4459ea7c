import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { localeOfPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { YourConsents } from './your-consents';

/** The profile's consents panel as the server renders it, the page the shopper without JavaScript gets. */
function html(element: JSX.Element, path = '/profile') {
  const data = { i18n: i18nData(localeOfPath(path), 'account') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

const given = { policy_version: '2026-01-01', given_at: '2026-03-02T10:00:00Z', withdrawn_at: null, confirmed_at: null };

describe('the profile’s consents', () => {
  it('says when they could not be loaded, and offers no marketing form then', () => {
    const out = html(<YourConsents consents={null} />);
    expect(out).toContain('Your consents could not be loaded just now.');
    expect(out).not.toContain('ask-marketing');
  });

  it('with none recorded, offers marketing emails, off until asked for', () => {
    const out = html(<YourConsents consents={[]} />);
    expect(out).toContain('No consents recorded yet.');
    expect(out).toContain('value="ask-marketing"');
    expect(out).toContain('Email me about my cart, drops and offers');
  });

  it('marks a marketing consent waiting for its confirmation, and offers the link again', () => {
    const out = html(<YourConsents consents={[{ kind: 'marketing', ...given }]} />);
    expect(out).toContain('Check your inbox: confirm with the link we sent you.');
    expect(out).toContain('Waiting for your confirmation');
    expect(out).toContain('Send the link again');
    expect(out).toContain('value="withdraw-consent"');
  });

  it('once confirmed, says so with only its Withdraw button; the terms end with the account; a withdrawn one says when', () => {
    const out = html(
      <YourConsents
        consents={[
          { kind: 'marketing', ...given, confirmed_at: '2026-03-02T10:05:00Z' },
          { kind: 'terms', ...given },
          { kind: 'cookies', ...given, withdrawn_at: '2026-04-01T09:00:00Z' },
        ]}
      />,
    );
    expect(out).toContain('You get marketing emails.');
    expect(out).not.toContain('value="ask-marketing"');
    expect(out).not.toContain('Waiting for your confirmation');
    expect(out).toContain('Ends when you delete your account.');
    expect(out.match(/value="withdraw-consent"/g)).toHaveLength(1);
    expect(out).toMatch(/Withdrawn|withdrawn/);
  });

  it("a guest's terms are their purchases', ending when they delete their data, in English and Italian", () => {
    const terms = [{ kind: 'terms' as const, ...given }];
    const out = html(<YourConsents consents={terms} guest />, '/orders');
    expect(out).toContain('Terms and privacy policy (your purchases)');
    expect(out).toContain('Ends when you delete your data.');
    expect(out).not.toContain('your account');
    const italian = html(<YourConsents consents={terms} guest />, '/it/orders');
    expect(italian).toContain('Termini e informativa sulla privacy (i tuoi acquisti)');
    expect(italian).toContain('Termina quando elimini i tuoi dati.');
  });

  it('speaks Italian on Italian pages', () => {
    const out = html(<YourConsents consents={[]} />, '/it/profile');
    expect(out).not.toContain('No consents recorded yet.');
  });
});
