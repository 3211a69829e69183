/** The simulator's keyboard shortcut, Alt+Shift+S, matched on the physical key so it also works where
 * Alt changes the character. In the main bundle: the launcher listens before the panel's code loads. */
export const isSimulatorShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS';

/**
 * The simulator launcher button's attributes, one set for both launchers: the one drawn with a page
 * (app/simulator-slot.tsx) and the sign-in page's own (features/simulator/simulator-entry.tsx).
 */
export const simulatorLauncherProps = (open: boolean) =>
  ({
    type: 'button',
    className: 'simulator-launcher',
    'aria-keyshortcuts': 'Alt+Shift+S',
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
  }) as const;
