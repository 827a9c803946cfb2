/**
 * The icon of the pages the API draws itself in development (/dev/mailbox,
 * the local BankID test provider's pages): the web's favicon.svg, inline as a
 * data URL, so the browser asks for no /favicon.ico that nothing serves (a
 * 404 in the console and the log on every visit). The content security
 * policy allows `data:` images.
 */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f5c4d"/><path d="M9 11h14a3 3 0 0 1 3 3v5a3 3 0 0 1-3 3h-7l-5 4v-4H9a3 3 0 0 1-3-3v-5a3 3 0 0 1 3-3z" fill="#fff"/></svg>';

export const DEV_FAVICON_LINK = `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(ICON_SVG)}">`;
