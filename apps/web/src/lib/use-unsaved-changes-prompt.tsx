import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { petFormMessages } from '@refugio/contracts';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Asks in Spanish before `onConfirm` throws away changes not yet saved. */
export function confirmDiscard(onConfirm: () => void, onCancel?: () => void) {
  let decided = false;
  modals.openConfirmModal({
    title: petFormMessages.leaveTitle,
    centered: true,
    children: <Text size="sm">{petFormMessages.leaveText}</Text>,
    labels: { confirm: petFormMessages.leaveConfirm, cancel: petFormMessages.leaveCancel },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      decided = true;
      onConfirm();
    },
    onClose: () => {
      if (!decided) onCancel?.();
    },
  });
}

/**
 * While `when` holds (a form has changes not yet saved), leaving the screen asks first (React Router's blocker),
 * and closing or reloading the tab gets the browser's own question (`beforeunload`).
 */
export function useUnsavedChangesPrompt(when: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscard(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
}
