import { petFormMessages, petMessages } from '@refugio/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderHookWithProviders } from '../../../testing/render-with-providers';
import { usePetSaveErrors } from './use-pet-save-errors';

const apiError = (init: { status: number; code: string; message: string; fieldErrors?: Record<string, string> }) =>
  new ApiError({ ...init, hasServerMessage: true });

function setup(loaded = true) {
  const handlers = { setError: vi.fn(), loadLatest: vi.fn(() => Promise.resolve(loaded)), onReloaded: vi.fn() };
  const hook = renderHookWithProviders(() => usePetSaveErrors(handlers));
  return { ...hook, handlers };
}

describe('usePetSaveErrors', () => {
  it('a conflict offers the latest version; accepting loads it and says so', async () => {
    const { result, user, handlers } = setup();
    act(() => result.current(apiError({ status: 409, code: 'CONFLICT', message: 'Otra persona modificó esta mascota.' })));

    expect(await screen.findByText('Otra persona modificó esta mascota.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: petFormMessages.conflictReload }));
    await waitFor(() => expect(handlers.onReloaded).toHaveBeenCalledTimes(1));
    expect(handlers.loadLatest).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(petFormMessages.reloadedText)).toBeInTheDocument();
    expect(handlers.setError).not.toHaveBeenCalled();
  });

  it('closing the conflict dialog loads nothing', async () => {
    const { result, user, handlers } = setup();
    act(() => result.current(apiError({ status: 409, code: 'CONFLICT', message: 'Otra persona modificó esta mascota.' })));
    await user.click(await screen.findByRole('button', { name: petFormMessages.conflictClose }));
    expect(handlers.loadLatest).not.toHaveBeenCalled();
  });

  it("another error puts the server's field errors on the fields and shows a toast with the detail", async () => {
    const { result, handlers } = setup();
    act(() =>
      result.current(
        apiError({
          status: 400,
          code: 'VALIDATION_ERROR',
          message: 'Revisa los datos.',
          fieldErrors: { nombre: petMessages.nameRequired, otro: 'x' },
        }),
      ),
    );
    expect(handlers.setError).toHaveBeenCalledTimes(1);
    expect(handlers.setError).toHaveBeenCalledWith('nombre', { type: 'server', message: petMessages.nameRequired }, { shouldFocus: true });
    expect(await screen.findByText(petMessages.saveErrorText)).toBeInTheDocument();
    expect(screen.getByText('Revisa los datos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: petFormMessages.conflictReload })).not.toBeInTheDocument();
  });
});
