import { petMessages } from '@refugio/contracts';
import { useRef, useState } from 'react';
import type { ChosenImage } from '../components/main-image-field';
import type { QueuedFile } from '../components/pet-images-section';
import { checkMainImage, isImageByContent } from '../lib/media-rules';
import { useObjectUrls } from './use-object-urls';

let queueSequence = 0;
const nextQueueId = () => `q${(queueSequence += 1)}`;

/**
 * The files chosen in the pet form and not saved yet: the main image (checked before it is kept), and the
 * additional images and videos queued for upload. Each has a preview object URL, revoked as soon as the file
 * leaves (removed, replaced, saved, REINICIAR) or the form unmounts.
 */
export function usePetMedia() {
  const objectUrls = useObjectUrls();
  const [mainImage, setMainImage] = useState<ChosenImage | null>(null);
  const [mainImageError, setMainImageError] = useState<string | null>(null);
  /** A main image refused only for its weight: the form offers to reduce it (components/ui/image-shrink). */
  const [oversizedMainImage, setOversizedMainImage] = useState<File | null>(null);
  const [queuedImages, setQueuedImages] = useState<QueuedFile[]>([]);
  const [queuedVideos, setQueuedVideos] = useState<QueuedFile[]>([]);

  const queue = (files: File[]): QueuedFile[] => files.map((file) => ({ id: nextQueueId(), file, url: objectUrls.create(file) }));

  /** Drops every chosen file (after a save, or REINICIAR). */
  const clear = () => {
    if (mainImage) objectUrls.revoke(mainImage.url);
    for (const item of [...queuedImages, ...queuedVideos]) objectUrls.revoke(item.url);
    setMainImage(null);
    setMainImageError(null);
    setOversizedMainImage(null);
    setQueuedImages([]);
    setQueuedVideos([]);
  };

  const latestMainChoice = useRef(0);
  /** Reads the file's first bytes before keeping it: only the last choice counts if several overlap. */
  const chooseMainImage = async (file: File | null) => {
    if (!file) return;
    const choice = (latestMainChoice.current += 1);
    const isImage = await isImageByContent(file);
    if (choice !== latestMainChoice.current) return;
    const refusal = checkMainImage({ file, isImage });
    setMainImageError(refusal);
    setOversizedMainImage(refusal === petMessages.mainImageTooBig ? file : null);
    // A refused file is not kept: the previous choice (or the current image) stays.
    if (refusal) return;
    if (mainImage) objectUrls.revoke(mainImage.url);
    setMainImage({ file, url: objectUrls.create(file) });
  };

  const clearMainImage = () => {
    if (mainImage) objectUrls.revoke(mainImage.url);
    setMainImage(null);
    setMainImageError(null);
    setOversizedMainImage(null);
  };

  const removeFrom = (list: QueuedFile[], setQueue: typeof setQueuedImages) => (id: string) => {
    const item = list.find((q) => q.id === id);
    if (item) objectUrls.revoke(item.url);
    setQueue((current) => current.filter((q) => q.id !== id));
  };

  const addImages = (files: File[]) => {
    const items = queue(files);
    setQueuedImages((current) => [...current, ...items]);
  };

  const addVideo = (file: File) => {
    const items = queue([file]);
    setQueuedVideos((current) => [...current, ...items]);
  };

  return {
    mainImage,
    mainImageError,
    oversizedMainImage,
    queuedImages,
    queuedVideos,
    chooseMainImage,
    clearMainImage,
    addImages,
    addVideo,
    removeImage: removeFrom(queuedImages, setQueuedImages),
    removeVideo: removeFrom(queuedVideos, setQueuedVideos),
    clear,
  };
}
