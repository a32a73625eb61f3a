import { IMAGES_PER_UPLOAD, petMessages } from './pets';

/**
 * The Spanish texts of a pet's images and of the upload dialogs: ordering the gallery (drag and drop, keyboard,
 * the arrow buttons and what a screen reader hears), making an image the main one, and dropping files.
 */
export const petMediaMessages = {
  galleryHint: 'Arrastra cada imagen por su asa (o usa las flechas) para cambiar el orden; se guarda al soltarla.',
  dragHandle: (n: number) => `Reordenar la imagen ${n}`,
  dragTooltip: 'Arrastrar para ordenar',
  moveBefore: (n: number) => `Mover la imagen ${n} antes`,
  moveAfter: (n: number) => `Mover la imagen ${n} después`,
  moveBeforeTooltip: 'Mover antes',
  moveAfterTooltip: 'Mover después',
  makeMain: 'Hacer principal',
  makeMainLabel: (n: number) => `Hacer principal la imagen ${n}`,
  makeMainDoneTitle: 'Imagen principal actualizada',
  makeMainDoneText: 'La imagen anterior pasó a la galería.',
  makeMainErrorTitle: 'No se pudo cambiar la imagen principal',
  reorderErrorTitle: 'No se pudo guardar el nuevo orden',
  reorderErrorText: (reason: string) => `${reason} Las imágenes vuelven a su orden anterior.`,
  queuedOrderNote: 'Las imágenes nuevas se suben en este orden al guardar, después de las que ya están.',
  // What a screen reader hears while an image is moved with the keyboard (or dragged).
  dndInstructions:
    'Para mover una imagen, pulsa Espacio o Intro sobre su asa. Después usa las flechas para cambiarla de lugar y pulsa Espacio o Intro para soltarla, o Escape para cancelar.',
  dndRoleDescription: 'imagen que se puede reordenar',
  dndPickedUp: (n: number, total: number) => `Tomaste la imagen ${n}, en la posición ${n} de ${total}.`,
  dndOver: (n: number, position: number, total: number) => `La imagen ${n} está en la posición ${position} de ${total}.`,
  dndOutside: (n: number) => `La imagen ${n} no está sobre ninguna posición.`,
  dndDropped: (n: number, position: number, total: number) => `Soltaste la imagen ${n} en la posición ${position} de ${total}.`,
  dndCancelled: (n: number) => `Se canceló el movimiento: la imagen ${n} vuelve a su lugar.`,
  // Files dropped on a dialog or on the main image.
  dropHere: 'Arrastra y suelta los archivos aquí, o',
  dropHereOne: 'Arrastra y suelta el archivo aquí, o',
  dropActive: 'Suelta para agregar',
  checking: 'Comprobando los archivos...',
  mainImageDescription: 'Una imagen de 150KB como máximo. También puedes soltarla sobre la vista previa.',
  mainImageDropActive: 'Suelta para usarla como imagen principal',
  notAnImage: (name: string) => `${name}: ${petMessages.notAnImage}`,
  notAVideo: (name: string) => `${name}: ${petMessages.notAVideo}`,
  tooManyDropped: `Se superó el máximo de ${IMAGES_PER_UPLOAD} imágenes por carga.`,
  oneVideoOnlyDropped: 'Suelta un solo video: se tomó el primero.',
  oneImageOnlyDropped: 'Suelta una sola imagen principal: se tomó la primera.',
  // A photo too heavy for its limit, reduced in the browser (issue: phone photos weigh 2-5 MB).
  shrinkOffer: (limit: string) => `Podemos reducirla aquí mismo, en tu dispositivo, para que pese menos de ${limit}.`,
  shrinkButton: 'Reducir la foto',
  shrinking: 'Reduciendo la foto...',
  shrunkResult: (before: string, after: string, width: number, height: number) => `Foto reducida: de ${before} a ${after} (${width} × ${height} px).`,
  shrunkPreviewAlt: (name: string) => `Vista previa de ${name} reducida`,
  shrinkUse: 'Usar la foto reducida',
  shrinkDiscard: 'Descartar',
  shrinkFailed: 'No se pudo reducir esta foto en el navegador. Prueba con otra foto o redúcela antes en tu teléfono.',
  shrunkGalleryTitle: 'Fotos reducidas para poder subirlas',
  shrunkGalleryItem: (name: string, before: string, after: string) => `${name}: pesaba ${before}, ahora ${after}.`,
} as const;
