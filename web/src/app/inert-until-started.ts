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

/** Elements the `disabled` attribute switches off. */
const control = /<(button|input|select|textarea)\b([^>]*)>/g;
const alreadyDisabled = /\sdisabled(?:[\s=/]|$)/;

/**
 * The markup with its controls disabled until the app takes over. The markup is React's: every `>` and
 * `<` inside an attribute value or text is escaped, so a tag ends at its first `>`.
 */
export function inertUntilStarted(markup: string): string {
  return markup.replace(control, (tag, name: string, attributes: string) => {
    if (alreadyDisabled.test(attributes) || /\stype="hidden"/.test(attributes)) return tag;
    const selfClosing = attributes.endsWith('/');
    const rest = selfClosing ? attributes.slice(0, -1) : attributes;
    return `<${name}${rest} disabled="" ${UNTIL_APP_ATTRIBUTE}=""${selfClosing ? '/' : ''}>`;
  });
}
