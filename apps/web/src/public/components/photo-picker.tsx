import { useState } from 'react';
import { shrinkOversizedImages } from '../../lib/shrink-image';

/** A photo chosen on a public form, with its preview URL. */
export interface ChosenPhoto {
  file: File;
  url: string;
}

/**
 * The photos of a public form sent from a phone (the foster portal's news, the follow-up answer): at most `max`,
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

/** The photos field: the picker (camera or gallery), a hint, and the chosen photos with a button to take each out. */
export function PhotoPicker({ id, hint, picker }: { id: string; hint: string; picker: ReturnType<typeof usePhotoPicker> }) {
  return (
    <div className="field">
      <label htmlFor={id}>Fotos (hasta {picker.max})</label>
      <p className="hint" id={`${id}-ayuda`}>
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        aria-describedby={`${id}-ayuda`}
        onChange={(e) => {
          void picker.add(e.target.files);
          e.target.value = '';
        }}
      />
      {picker.photos.length > 0 ? (
        <ul className="gallery-thumbs">
          {picker.photos.map(({ url }, i) => (
            <li key={url}>
              <img src={url} alt={`Foto ${i + 1} elegida`} width={96} height={96} style={{ objectFit: 'cover' }} />
              <button type="button" className="button-secondary" onClick={() => picker.remove(i)}>
                Quitar foto {i + 1}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
