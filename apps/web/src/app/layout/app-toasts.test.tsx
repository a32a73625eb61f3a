import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme';
import AppToasts from './app-toasts';

type HappyWindow = Window & { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setViewport = (width: number, height: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

function showToast() {
  render(
    <MantineProvider theme={theme} env="test">
      <AppToasts />
    </MantineProvider>,
  );
  act(() => void notifications.show({ title: 'Guardado', message: 'Mascota guardada.', autoClose: 10_000 }));
}

/** The box the toasts are stacked in: Mantine marks it with its position. */
const stackOf = async () => (await screen.findByText('Mascota guardada.')).closest('[data-position]');

describe('AppToasts: where toasts appear', () => {
  afterEach(() => {
    act(() => notifications.clean());
    setViewport(1024, 768);
  });

  it('on a computer, at the top right (below the header, global.css)', async () => {
    setViewport(1280, 800);
    showToast();
    expect(await stackOf()).toHaveAttribute('data-position', 'top-right');
  });

  it("on a phone, at the bottom, clear of the page's title and actions", async () => {
    setViewport(390, 844);
    showToast();
    expect(await stackOf()).toHaveAttribute('data-position', 'bottom-center');
  });
});
