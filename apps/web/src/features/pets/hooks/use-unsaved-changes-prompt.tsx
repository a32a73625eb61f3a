import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { petFormMessages } from '@refugio/contracts';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `when` holds (a form has changes not yet saved), leaving the screen asks first: a link, REGRESAR or
 * the back button opens a confirm dialog in Spanish (React Router's blocker); closing or reloading the tab
 * gets the browser's own question (`beforeunload`).
 */
export function useUnsavedChangesPrompt(when: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: petFormMessages.leaveTitle,
      centered: true,
      children: <Text size="sm">{petFormMessages.leaveText}</Text>,
      labels: { confirm: petFormMessages.leaveConfirm, cancel: petFormMessages.leaveCancel },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
}
