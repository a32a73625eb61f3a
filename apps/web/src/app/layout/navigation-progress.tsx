import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useLayoutSettings } from './layout-settings';
import classes from './navigation-progress.module.css';

/** How long a page change may take before it shows progress: a quick one shows nothing, so nothing flickers. */
export const NAVIGATION_PROGRESS_DELAY_MS = 300;

/**
 * Progress for a slow page change whatever the pageLoader setting (SPEC section 2): when the router has been
 * loading the next page's code or data for longer than {@link NAVIGATION_PROGRESS_DELAY_MS}, a thin bar runs along
 * the top of the screen. It is fixed over the header, so nothing on the page moves when it comes or goes; with the
 * setting on, the page loader's own spinner already shows, and this bar stays away.
 */
function NavigationProgress() {
  const [settings] = useLayoutSettings();
  const navigation = useNavigation();
  // The page change under way (each has its own location key), or undefined when none is.
  const target = navigation.state === 'idle' ? undefined : (navigation.location?.key ?? 'navegando');
  // The page change that has taken longer than the delay.
  const [slowTarget, setSlowTarget] = useState<string | undefined>();

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => setSlowTarget(target), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);

  if (settings.pageLoader || !target || slowTarget !== target) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Cargando página" aria-busy="true" aria-valuetext="Cargando página..." />;
}

export default NavigationProgress;
