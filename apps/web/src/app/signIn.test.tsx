import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { endpointsForOrigin } from '@clearway/protocol';
import { makeStore } from '../store';
import { configLoaded } from '../store/configSlice';
import { signedIn, signedOut } from '../features/account/accountSlice';
import { SignedOutRedirect, useSignInRequired } from './SignedOutRedirect';
import { SignInConnectionScreen, showSignInConnectionScreen } from './SignInConnectionScreen';
import { SIGN_IN_CONNECTION_TEXT } from './signInGate';

const config = { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') } as const;

describe('SignedOutRedirect', () => {
  it('sends the browser to login when the account becomes signed out (logout, or a session gone)', () => {
    const store = makeStore();
    const goToLogin = vi.fn();
    render(
      <Provider store={store}>
        <SignedOutRedirect goToLogin={goToLogin} />
      </Provider>,
    );
    act(() => store.dispatch(signedIn({ cust_id: 'cust_1', email: 'pilot@example.com', full_name: '' })));
    expect(goToLogin).not.toHaveBeenCalled();
    act(() => store.dispatch(signedOut()));
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('is required unless the configuration says requireSignIn: false (and not before a configuration is loaded)', () => {
    const store = makeStore();
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useSignInRequired());
      return null;
    }
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    act(() => store.dispatch(configLoaded({ config, source: 'server' })));
    act(() => store.dispatch(configLoaded({ config: { ...config, requireSignIn: false }, source: 'server' })));
    act(() => store.dispatch(configLoaded({ config: { ...config, requireSignIn: true }, source: 'server' })));
    expect(seen).toEqual([false, true, false, true]);
  });
});

describe('SignInConnectionScreen', () => {
  it('says sign-in needs a connection and resolves on Retry', async () => {
    let rendered: React.ReactNode = null;
    const root = { render: (node: React.ReactNode) => void (rendered = node) };
    const retried = showSignInConnectionScreen(root, 'Failed to fetch');
    render(<>{rendered}</>);
    expect(screen.getByRole('heading', { name: SIGN_IN_CONNECTION_TEXT.heading })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_CONNECTION_TEXT.body)).toBeTruthy();
    expect(screen.getByTestId('sign-in-connection-reason').textContent).toBe('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_CONNECTION_TEXT.retry }));
    await expect(retried).resolves.toBeUndefined();
  });

  it('shows no detail line without a reason', () => {
    render(<SignInConnectionScreen onRetry={() => undefined} />);
    expect(screen.queryByTestId('sign-in-connection-reason')).toBeNull();
  });
});
