import { countLabel } from '@refugio/contracts';
import { useState } from 'react';
import { shrinkOversizedImages } from '../../lib/shrink-image';

/** A photo chosen on a public form, with its preview URL. */
export interface ChosenPhoto {
  file: File;
  url: string;
}

/**
 * The photos of a public form sent from a phone (the foster portal's news, the follow-up answer, /cesion, /perdidos): at most `max`,
 * each shrunk on the phone when over `maxBytes`, with previews whose URLs are released when a photo goes.
 * `onProblem` hears a refusal (too many, too big) in Spanish, and `undefined` once a choice succeeds.
 */
export function usePhotoPicker({
  max,
  maxBytes,
  messages,
  onProblem,
}: {
  max: number;
  maxBytes: number;
  messages: { tooManyPhotos: string; photoTooBig: string };
  onProblem: (problem: string | undefined) => void;
}) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);

  const replace = (next: ChosenPhoto[]) => {
    for (const old of photos) if (!next.includes(old)) URL.revokeObjectURL(old.url);
    setPhotos(next);
  };

  const add = async (list: FileList | null) => {
    if (!list) return;
    const added = Array.from(list);
    if (photos.length + added.length > max) {
      onProblem(messages.tooManyPhotos);
      return;
    }
    try {
      const { files } = await shrinkOversizedImages(added, maxBytes);
      setPhotos([...photos, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
      onProblem(undefined);
    } catch {
      onProblem(messages.photoTooBig);
    }
  };

  return {
    photos,
    max,
    add,
    remove: (index: number) => replace(photos.filter((_, j) => j !== index)),
    clear: () => replace([]),
    /** Appends the photos to `form` as the field `fotos`, as the server reads them. */
    appendTo: (form: FormData) => {
      for (const photo of photos) form.append('fotos', photo.file, photo.file.name);
    },
  };
}

/**
 * The photos field, the page's own rather than the browser's bare "No file chosen": a button-like label over a
 * visually hidden (still focusable) file input, a hint, a spoken count of the chosen photos, and each chosen photo
 * with its thumbnail, its file name and a button to take it out.
 */
export function PhotoPicker({
  id,
  hint,
  picker,
  error,
}: {
  id: string;
  hint: string;
  picker: ReturnType<typeof usePhotoPicker>;
  /** The field's error (the server's, or the form's own check), read with the field. */
  error?: string | undefined;
}) {
  const count = picker.photos.length;
  const full = count >= picker.max;
  return (
    <div className="field photo-picker">
      <span className="photo-picker-title" id={`${id}-titulo`}>
        Fotos (hasta {picker.max})
      </span>
      <p className="hint" id={`${id}-ayuda`}>
        {hint}
      </p>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        aria-labelledby={`${id}-boton ${id}-titulo`}
        aria-describedby={`${id}-ayuda ${id}-estado${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          void picker.add(e.target.files);
          e.target.value = '';
        }}
      />
      <label htmlFor={id} id={`${id}-boton`} className="button button-secondary photo-picker-button" aria-disabled={full || undefined}>
        {count === 0 ? 'Elegir fotos' : 'Añadir más fotos'}
      </label>
      <p className="hint" id={`${id}-estado`} role="status">
        {count === 0 ? 'Ninguna foto elegida.' : `${countLabel(count, 'foto elegida', 'fotos elegidas')}.`}
        {full ? ' Ya no caben más.' : ''}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {count > 0 ? (
        <ul className="photo-picker-list">
          {picker.photos.map(({ url, file }, i) => (
            <li key={url}>
              <img src={url} alt={`Foto ${i + 1} elegida`} width={64} height={64} />
              <span className="photo-picker-name">{file.name}</span>
              <button type="button" className="button button-secondary" onClick={() => picker.remove(i)}>
                Quitar foto {i + 1}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
