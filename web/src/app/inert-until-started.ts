/**
 * A page drawn by the server paints before the app's script has run, and the app then draws the same
 * page over it (app/start-app.tsx). Until then its controls would look ready while a click on them is
 * lost. So every control of the drawn markup that works only through the app (buttons, switches, tabs,
 * menu buttons, fields) is written disabled and marked UNTIL_APP_ATTRIBUTE: assistive technology says
 * it is unavailable, the pointer shows progress, and after a short wait it is drawn dimmed
 * (styles/controls.css). The app's page replaces the markup, marks and all. Links are left alone: they
 * work without the app (a full page load to the same place). Controls already disabled keep their look.
 */
export const UNTIL_APP_ATTRIBUTE = 'data-until-app';

/**
 * Marks a control that works without the app, like a link: a plain form's submit button (the sign-in
 * page's form is a GET to the provider). Such a control is left enabled.
 */
export const WORKS_WITHOUT_APP_ATTRIBUTE = 'data-works-without-app';

/** Elements the `disabled` attribute switches off. */
const control = /<(button|input|select|textarea)\b([^>]*)>/g;
const alreadyDisabled = /\sdisabled(?:[\s=/]|$)/;

/**
 * The markup with its controls disabled until the app takes over. The markup is React's: every `>` and
 * `<` inside an attribute value or text is escaped, so a tag ends at its first `>`.
 */
export function inertUntilStarted(markup: string): string {
  return markup.replace(control, (tag, name: string, attributes: string) => {
    if (
      alreadyDisabled.test(attributes) ||
      /\stype="hidden"/.test(attributes) ||
      attributes.includes(` ${WORKS_WITHOUT_APP_ATTRIBUTE}=`)
    )
      return tag;
    const selfClosing = attributes.endsWith('/');
    const rest = selfClosing ? attributes.slice(0, -1) : attributes;
    return `<${name}${rest} disabled="" ${UNTIL_APP_ATTRIBUTE}=""${selfClosing ? '/' : ''}>`;
  });
}

/**
 * For a page the app hydrates (the prerendered sign-in page) rather than draws over: once hydrated,
 * the controls the markup disabled work. React hydrates the markup as it is and keeps no record of the
 * marks, so they are taken off the elements that carry them (a control the app itself disables was
 * never marked).
 */
export function releaseUntilApp(root: ParentNode = document): void {
  for (const element of root.querySelectorAll(`[${UNTIL_APP_ATTRIBUTE}]`)) {
    element.removeAttribute('disabled');
    element.removeAttribute(UNTIL_APP_ATTRIBUTE);
  }
}
