/** The simulator's keyboard shortcut, Alt+Shift+S, matched on the physical key so it also works where
 * Alt changes the character. In the main bundle: the launcher listens before the panel's code loads. */
export const isSimulatorShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS';
