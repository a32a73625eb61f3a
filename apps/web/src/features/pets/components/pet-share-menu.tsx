import { Button, Group, Menu, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { posterPath, publicPetPath, reachMessages, socialImagePath } from '@refugio/contracts';
import {
  IconBrandFacebook,
  IconBrandWhatsapp,
  IconChevronDown,
  IconDownload,
  IconLink,
  IconPrinter,
  IconShare,
  IconSparkles,
} from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAiStatus } from '../api/get-ai-status';
import type { PetView } from '../api/pet-view';
import { useSuggestPost } from '../api/suggest-post';
import { useCapabilities } from '../../../lib/role-lookup';

/** Public pets only have a page to share: published (or due), not adopted, not deleted. */
export function isSharable(pet: Pick<PetView, 'estado' | 'adoptado' | 'deletedAt'>): boolean {
  return pet.estado === 'publicada' && !pet.adoptado && !pet.deletedAt;
}

/** Where each share goes, for a pet's public page and the text sent with it. */
export function shareLinks(url: string, text: string) {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text.includes(url) ? text : `${text} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  };
}

/** A download name from the pet's name (as the server names it). */
function fileBase(nombre: string): string {
  const base = nombre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return base || 'mascota';
}

interface PostModalProps {
  text: string | null;
  onChange: (text: string) => void;
  onAccept: () => void;
  onDiscard: () => void;
  whatsappUrl: string;
}

/** The suggested post: editable, then copied (accepted) or discarded; nothing is saved. */
function PostSuggestionModal({ text, onChange, onAccept, onDiscard, whatsappUrl }: PostModalProps) {
  return (
    <Modal opened={text !== null} onClose={onDiscard} centered size="lg" title={<Text fw={700}>{reachMessages.postSuggestionTitle}</Text>}>
      <Stack gap="md">
        <Textarea
          label="Texto de la publicación"
          description="Revísalo y cámbialo si quieres antes de usarlo."
          value={text ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          autosize
          minRows={5}
          maxRows={14}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDiscard}>
            Descartar
          </Button>
          <Button
            component="a"
            href={whatsappUrl}
            target="_blank"
            rel="noopener"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
          >
            Enviar por WhatsApp
          </Button>
          <Button color="teal" onClick={onAccept} disabled={!text?.trim()}>
            Copiar la publicación
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Compartir (DESIGN section 14): the public page's link copied or sent to WhatsApp or Facebook, the social image,
 * the printable poster and, with AI on, a suggested post. For a pet that is not public the button is disabled and
 * says why.
 */
export function PetShareMenu({ pet }: { pet: PetView }) {
  const sharable = isSharable(pet);
  const url = `${window.location.origin}${publicPetPath(pet.id)}`;
  const clipboard = useClipboard({ timeout: 2000 });
  const ai = useAiStatus();
  // The poster and the suggested post are the publication team's (`publicacion`); the links and the image are public.
  const publishes = useCapabilities()('publicacion');
  const suggestPost = useSuggestPost();
  const [post, setPost] = useState<string | null>(null);
  const links = shareLinks(url, post?.trim() || reachMessages.shareDefaultText(pet.nombre, pet.genero));

  const copy = (text: string, message: string) => {
    clipboard.copy(text);
    notifications.show({ color: 'teal', message, autoClose: 3000 });
  };

  const suggest = async () => {
    try {
      setPost(await suggestPost.mutateAsync(pet.id));
    } catch (error) {
      notifications.show({ color: 'red', title: reachMessages.postSuggestionTitle, message: getErrorMessage(error), autoClose: 8000 });
    }
  };

  if (!sharable) {
    // data-disabled + aria-disabled rather than disabled: a disabled button gets no pointer events, and the
    // tooltip with the reason must open on a tap too (as AiButton does).
    return (
      <Tooltip label={reachMessages.shareNotPublic} withArrow multiline w={280} events={{ hover: true, focus: true, touch: true }}>
        <Button
          variant="light"
          data-disabled
          aria-disabled
          aria-description={reachMessages.shareNotPublic}
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={(event) => event.preventDefault()}
        >
          {reachMessages.shareTitle}
        </Button>
      </Tooltip>
    );
  }

  return (
    <>
      <Menu position="bottom-end" width={270} withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant="light"
            loading={suggestPost.isPending}
            leftSection={<IconShare size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          >
            {reachMessages.shareTitle}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLink size={16} aria-hidden="true" />} onClick={() => copy(url, reachMessages.shareLinkCopied)}>
            {reachMessages.shareCopyLink}
          </Menu.Item>
          <Menu.Item
            component="a"
            href={links.whatsapp}
            target="_blank"
            rel="noopener"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
          >
            {reachMessages.shareWhatsApp}
          </Menu.Item>
          <Menu.Item
            component="a"
            href={links.facebook}
            target="_blank"
            rel="noopener"
            leftSection={<IconBrandFacebook size={16} aria-hidden="true" />}
          >
            {reachMessages.shareFacebook}
          </Menu.Item>
          <Menu.Item
            component="a"
            href={socialImagePath(pet.id)}
            download={`${fileBase(pet.nombre)}-adopcion.png`}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            {reachMessages.shareImage}
          </Menu.Item>
          {publishes ? (
            <Menu.Item
              component="a"
              href={posterPath(pet.id)}
              target="_blank"
              rel="noopener"
              leftSection={<IconPrinter size={16} aria-hidden="true" />}
            >
              {reachMessages.sharePoster}
            </Menu.Item>
          ) : null}
          {publishes && ai.data?.available ? (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconSparkles size={16} aria-hidden="true" />} onClick={() => void suggest()}>
                {reachMessages.shareSuggestPost}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <PostSuggestionModal
        text={post}
        onChange={setPost}
        whatsappUrl={links.whatsapp}
        onDiscard={() => setPost(null)}
        onAccept={() => {
          if (post?.trim()) copy(post.trim(), reachMessages.postAccepted);
          setPost(null);
        }}
      />
    </>
  );
}
