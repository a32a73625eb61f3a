import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoPicker, usePhotoPicker } from './photo-picker';

function Form({ onSend }: { onSend: (form: FormData) => void }) {
  const [problem, setProblem] = useState<string | undefined>();
  const picker = usePhotoPicker({
    max: 2,
    maxBytes: 1_000_000,
    messages: { tooManyPhotos: 'Demasiadas fotos.', photoTooBig: 'Muy grande.' },
    onProblem: setProblem,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData();
        picker.appendTo(form);
        onSend(form);
      }}
    >
      <PhotoPicker id="fotos" hint="Desde la cámara o la galería." picker={picker} />
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="submit">Enviar</button>
    </form>
  );
}

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('PhotoPicker: the photos of a public form', () => {
  it('adds photos up to the limit, refuses more in Spanish, takes one out, and sends the rest as "fotos"', async () => {
    const user = userEvent.setup();
    let sent: FormData | undefined;
    render(<Form onSend={(form) => (sent = form)} />);
    const input = screen.getByLabelText('Fotos (hasta 2)');
    expect(input).toHaveAccessibleDescription('Desde la cámara o la galería. Ninguna foto elegida.');
    // The page's own button (a label over the visually hidden input), not the browser's bare file input.
    expect(screen.getByText('Elegir fotos').tagName).toBe('LABEL');
    expect(input).toHaveClass('visually-hidden');

    await user.upload(input, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas fotos.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await user.upload(input, [photo('a.jpg'), photo('b.jpg')]);
    expect(await screen.findByRole('img', { name: 'Foto 2 elegida' })).toBeInTheDocument();
    expect(screen.getByText('b.jpg')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 fotos elegidas. Ya no caben más.');
    expect(input).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar foto 1' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((sent?.getAll('fotos') as File[]).map((f) => f.name)).toEqual(['b.jpg']);
  });
});
