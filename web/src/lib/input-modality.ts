/**
 * `:focus-visible` semantics for focus the app moves itself. Chromium decides whether a focus moved by
 * script shows the ring from the focus before it, so after a mouse click a tab, a menu's button (focus
 * returned when its menu closes) or a dialog's first button (focused when it opens) can show the ring
 * the user did not ask for. The document records how the user last interacted (pointer or keyboard) in
 * `data-input`; styles/base.css draws the ring from the keyboard only, text fields excepted (they show
 * where typing goes however they were reached).
 */
export function trackInputModality(root: HTMLElement = document.documentElement): void {
  const set = (modality: 'pointer' | 'keyboard') => {
    if (root.dataset.input !== modality) root.dataset.input = modality;
  };
  document.addEventListener('pointerdown', () => set('pointer'), { capture: true, passive: true });
  document.addEventListener(
    'keydown',
    (event) => {
      // A modifier alone (Alt, Shift held with the mouse) is no move through the page.
      if (!['Alt', 'Control', 'Meta', 'Shift'].includes(event.key)) set('keyboard');
    },
    { capture: true, passive: true },
  );
}
