import { DEV_FAVICON_LINK } from '../../lib/dev-favicon';
import { escapeHtml } from '../../lib/html';
import { formatPersonnummer } from '../../lib/personnummer';
import { BANKID_ACR_SAME_DEVICE } from './bankid.constants';
import type { TestIdentity } from './test-identities';

// Inline styles only: the app's CSP allows inline styles but no inline scripts.
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2430;line-height:1.5}
  main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
  h1{font-size:1.5rem;margin:0 0 .5rem}
  h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
  .notice{background:#fff4d6;border:1px solid #e0b84f;border-radius:8px;padding:.75rem;margin:1rem 0}
  .error{background:#fde8e8;border:1px solid #d64545;border-radius:8px;padding:.75rem;margin:1rem 0}
  ul{list-style:none;padding:0;margin:0}
  li{margin:.5rem 0}
  button{font:inherit;cursor:pointer;border-radius:8px;padding:.6rem 1rem;border:1px solid #1d4f91;background:#1d4f91;color:#fff}
  .identity{width:100%;text-align:left;background:#fff;color:#1c2430;border-color:#c5ccd6}
  .identity:hover,.identity:focus{border-color:#1d4f91;outline:2px solid #1d4f91}
  .identity small{display:block;color:#4a5563}
  .secondary{background:#fff;color:#1d4f91}
  label{display:block;font-weight:600;margin:.75rem 0 .25rem}
  input{font:inherit;width:100%;padding:.55rem;border:1px solid #8792a2;border-radius:8px}
  .actions{margin-top:1rem;display:flex;gap:.5rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${DEV_FAVICON_LINK}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageInput {
  uid: string;
  mountPath: string;
  acr: string | undefined;
  identities: readonly TestIdentity[];
  error?: string;
  values?: { personnummer?: string; name?: string };
}

/** The Swedish test login page of the local BankID test provider. */
export function renderLoginPage(input: LoginPageInput): string {
  const action = `${input.mountPath}/interaction/${encodeURIComponent(input.uid)}`;
  const method =
    input.acr === BANKID_ACR_SAME_DEVICE
      ? 'BankID på den här enheten'
      : 'BankID på en annan enhet (QR-kod)';
  const items = input.identities
    .map(
      (identity) => `<li>
  <form method="post" action="${action}/login">
    <input type="hidden" name="personnummer" value="${escapeHtml(identity.personnummer)}">
    <input type="hidden" name="name" value="${escapeHtml(identity.name)}">
    <button type="submit" class="identity">
      Logga in som <strong>${escapeHtml(identity.name)}</strong>
      <small>${escapeHtml(formatPersonnummer(identity.personnummer))} · ${escapeHtml(identity.description)}</small>
    </button>
  </form>
</li>`,
    )
    .join('\n');
  const error = input.error
    ? `<div class="error" role="alert" id="form-error">${escapeHtml(input.error)}</div>`
    : '';
  return page(
    'Testinloggning med BankID',
    `<h1>Testinloggning med BankID</h1>
<p class="notice"><strong>Testmiljö.</strong> Här sker ingen riktig legitimering med BankID. Välj en testperson eller ange ett giltigt personnummer. Sidan finns aldrig i produktion.</p>
<p>Vald metod: ${escapeHtml(method)}</p>
<h2>Testpersoner</h2>
<ul>
${items}
</ul>
<h2>Annan person</h2>
${error}
<form method="post" action="${action}/login" novalidate>
  <label for="personnummer">Personnummer eller samordningsnummer</label>
  <input id="personnummer" name="personnummer" inputmode="numeric" autocomplete="off" placeholder="ÅÅÅÅMMDD-NNNN" required value="${escapeHtml(input.values?.personnummer ?? '')}"${input.error ? ' aria-describedby="form-error" aria-invalid="true"' : ''}>
  <label for="name">Namn</label>
  <input id="name" name="name" autocomplete="off" required maxlength="100" value="${escapeHtml(input.values?.name ?? '')}">
  <div class="actions"><button type="submit">Logga in</button></div>
</form>
<form method="post" action="${action}/abort">
  <div class="actions"><button type="submit" class="secondary">Avbryt inloggningen</button></div>
</form>`,
  );
}

/** An error page of the local test provider (expired interaction, bad request…). */
export function renderErrorPage(message: string): string {
  return page(
    'Inloggningen kunde inte slutföras',
    `<h1>Inloggningen kunde inte slutföras</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/auth">Tillbaka till inloggningssidan.</a></p>`,
  );
}
