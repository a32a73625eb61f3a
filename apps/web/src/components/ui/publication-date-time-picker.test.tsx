import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PublicationDateTimePicker } from './publication-date-time-picker';

/** The picker as the screens hold it: the value in the parent's state, each change also reported to `spy`. */
function Holder({ initial, spy }: { initial: string | null; spy: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PublicationDateTimePicker
      timeZone="Europe/Madrid"
      value={value}
      onChange={(next) => {
        setValue(next);
        spy(next);
      }}
    />
  );
}

describe('PublicationDateTimePicker', { timeout: 20_000 }, () => {
  it('reads "1030" as 10:30 (never 10:03), shows it as 10:30 and says in words what will be saved', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Holder initial="2030-11-26 09:00:00" spy={spy} />);
    const time = screen.getByRole('combobox', { name: 'Hora' });
    expect(time).toHaveValue('09:00');
    expect(screen.getByRole('status')).toHaveTextContent('Se publicará el martes 26 de noviembre de 2030 a las 9:00.');

    await user.clear(time);
    await user.type(time, '1030');
    await user.tab();

    expect(spy).toHaveBeenLastCalledWith('2030-11-26 10:30:00');
    expect(time).toHaveValue('10:30');
    expect(screen.getByRole('status')).toHaveTextContent('Se publicará el martes 26 de noviembre de 2030 a las 10:30.');
    // Hours and minutes only: there is no seconds field.
    expect(screen.queryByRole('textbox', { name: /segundos/i })).not.toBeInTheDocument();
  });

  it('takes "9:05" and a time chosen from the list', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Holder initial="2030-11-26 12:00:00" spy={spy} />);
    const time = screen.getByRole('combobox', { name: 'Hora' });
    await user.clear(time);
    await user.type(time, '9:05');
    expect(spy).toHaveBeenLastCalledWith('2030-11-26 09:05:00');

    await user.clear(time);
    await user.type(time, '17');
    await user.click(await screen.findByRole('option', { name: '17:30' }));
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith('2030-11-26 17:30:00'));
    expect(screen.getByRole('status')).toHaveTextContent('a las 17:30');
  });

  it('says what is wrong with a time it cannot read, and hands over no value', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Holder initial="2030-11-26 12:00:00" spy={spy} />);
    const time = screen.getByRole('combobox', { name: 'Hora' });
    await user.clear(time);
    await user.type(time, '10:3');
    await user.tab();
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Escribe la hora con horas y minutos, por ejemplo 10:30 o 1030.')).toBeInTheDocument();
    expect(time).toHaveValue('10:3');
  });

  it('asks for the time when only the day is known', () => {
    renderWithProviders(<Holder initial={null} spy={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Fecha y hora de publicación' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Hora' })).toHaveValue('');
  });
});
