function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(greeting: string, paragraphs: string[], action: { label: string; link: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1f2937">
<h2 style="color:#a16207">Cadence</h2><p>${escapeHtml(greeting)}</p>${body}
<p><a href="${escapeHtml(action.link)}" style="background:#b45309;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, paste this link into your browser: ${escapeHtml(action.link)}</p></div>`;
}

export function verificationEmail(firstName: string, link: string) {
  const greeting = `Hi ${firstName || 'there'},`;
  const lines = ['Welcome to Cadence. Please confirm your e-mail address to finish setting up your account.', 'This link is valid for 48 hours.'];
  return {
    subject: 'Verify your Cadence e-mail address',
    text: `${greeting}\n\n${lines.join('\n')}\n\nVerify your address: ${link}\n\nIf you did not create an account, ignore this e-mail.`,
    html: layout(greeting, lines, { label: 'Verify e-mail', link }),
  };
}

export function passwordResetEmail(firstName: string, link: string) {
  const greeting = `Hi ${firstName || 'there'},`;
  const lines = ['Someone asked to reset the password of your Cadence account.', 'This link is valid for 1 hour and can be used once. If it was not you, ignore this e-mail: your password stays as it is.'];
  return {
    subject: 'Reset your Cadence password',
    text: `${greeting}\n\n${lines.join('\n')}\n\nReset your password: ${link}`,
    html: layout(greeting, lines, { label: 'Reset password', link }),
  };
}

export function emailChangeEmail(firstName: string, link: string) {
  const greeting = `Hi ${firstName || 'there'},`;
  const lines = ['You asked to use this address for your Cadence account. Confirm it to make the change.', 'This link is valid for 48 hours. Until you open it, your account keeps its current address.'];
  return {
    subject: 'Confirm your new Cadence e-mail address',
    text: `${greeting}\n\n${lines.join('\n')}\n\nConfirm your new address: ${link}`,
    html: layout(greeting, lines, { label: 'Confirm address', link }),
  };
}

export function dataExportEmail(firstName: string, link: string) {
  const greeting = `Hi ${firstName || 'there'},`;
  const lines = ['Your Cadence data export is ready: your account, clients, goals and check-ins as one JSON file.', 'The download needs you to be signed in and stays available for 7 days.'];
  return {
    subject: 'Your Cadence data export is ready',
    text: `${greeting}\n\n${lines.join('\n')}\n\nDownload it: ${link}`,
    html: layout(greeting, lines, { label: 'Download export', link }),
  };
}
