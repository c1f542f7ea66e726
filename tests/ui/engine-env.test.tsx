/**
 * The engine environment: a declared list and its form run on an injected `fetch`, `notify`
 * and `confirm` alone (sample rows, no server), the way the playground and UI tests use it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { EngineEnvProvider, type EngineEnv } from '../../src/engine/env/EngineEnv';
import { makeRoles } from './crudFake';
import { withProviders } from './harness';

vi.setConfig({ testTimeout: 30_000 });

function sampleEnv() {
  const roles = makeRoles(2) as unknown as Record<string, unknown>[];
  const calls: string[] = [];
  const env = {
    fetch: vi.fn(async (method: string, path: string) => {
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === 'system/role') return { items: roles, total: roles.length };
      if (method === 'GET' && path === 'system/role/1') return roles[0];
      if (method === 'DELETE') return undefined;
      if (method === 'GET' && path === 'system/menu') return { Backend: [] };
      if (method === 'GET') return [];
      throw new Error(`unexpected ${method} ${path}`);
    }) as unknown as EngineEnv['fetch'],
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
  };
  return { env, calls };
}

describe('engine environment', () => {
  it('renders a list from the injected fetch, never the network, and writes through it', async () => {
    const network = vi.fn(async () => {
      throw new Error('the network was used');
    });
    vi.stubGlobal('fetch', network);
    const { env, calls } = sampleEnv();
    withProviders(
      <EngineEnvProvider env={env}>
        <CrudView decl={declaration('system.role')} />
      </EngineEnvProvider>,
    );
    await screen.findByText('Role 02');
    expect(screen.getByTestId('crud-total')).toHaveTextContent('2 items in total');

    fireEvent.click(screen.getByTestId('row-remove-1'));
    await waitFor(() => expect(env.notify).toHaveBeenCalledWith('Deleted successfully'));
    expect(env.confirm).toHaveBeenCalledWith(expect.objectContaining({ tone: 'warning' }));
    expect(calls).toContain('DELETE system/role/1');
    // The one refresh after the write reads the list again.
    expect(calls.filter((c) => c === 'GET system/role').length).toBeGreaterThanOrEqual(2);
    expect(network).not.toHaveBeenCalled();
  });

  it('a declined confirmation writes nothing', async () => {
    const { env, calls } = sampleEnv();
    env.confirm = vi.fn(async () => false);
    withProviders(
      <EngineEnvProvider env={env}>
        <CrudView decl={declaration('system.role')} />
      </EngineEnvProvider>,
    );
    await screen.findByText('Role 02');
    fireEvent.click(screen.getByTestId('row-remove-1'));
    await waitFor(() => expect(env.confirm).toHaveBeenCalled());
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(env.notify).not.toHaveBeenCalled();
  });

  it('opens the form in view mode with the record read through the injected fetch', async () => {
    const { env, calls } = sampleEnv();
    withProviders(
      <EngineEnvProvider env={env}>
        <CrudView decl={declaration('system.role')} />
      </EngineEnvProvider>,
    );
    await screen.findByText('Role 01');
    fireEvent.click(screen.getByTestId('row-view-1'));
    await screen.findByTestId('crud-form', {}, { timeout: 20_000 });
    await waitFor(() => expect(calls).toContain('GET system/role/1'));
    await waitFor(() => expect(screen.getByDisplayValue('Role 01')).toBeInTheDocument());
  });
});
