/*
 * The dialogs' provider (`ModalsProvider`, in the lazily loaded overlays) listens to Mantine's window events only
 * once its chunk has arrived and mounted. A tap on the first screen in the moment before (the list's rows drawn,
 * "Marcar como adoptada" pressed at once) would send `modals.open` to nobody and the dialog would never open.
 * Until the provider listens, the events are held here, in the main bundle, and sent again in order once it does.
 */

const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

let held: CustomEvent<unknown>[] | null = [];

function hold(event: Event) {
  held?.push(event as CustomEvent<unknown>);
}

if (typeof window !== 'undefined') for (const type of MODAL_EVENTS) window.addEventListener(type, hold);

/** Called once the provider listens (a layout effect of its parent, after its own): what came before is sent again. */
export function releaseEarlyModalEvents() {
  if (!held) return;
  const events = held;
  held = null;
  for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
  for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}
