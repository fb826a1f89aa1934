import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/**
 * The frame of Cadence's e-mails to coaches. Colours are inline (what every client honours); mail
 * apps that follow the reader's dark mode (Apple Mail, Outlook, iOS) get the `prefers-color-scheme`
 * overrides below, and the `color-scheme` meta tells the others the e-mail is fit for both, so
 * they do not invert it on their own.
 */
export const palette = {
  page: '#f4f2ec',
  card: '#ffffff',
  ink: '#1c1b18',
  muted: '#6b6658',
  line: '#e5e1d6',
  accent: '#9a7428',
  warn: '#b4442c',
  good: '#2f7a4b',
} as const;

const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
/* A phone: tighter frame and table, the trend words left to their arrows. */
@media (max-width: 480px) {
  .c-card { padding: 20px 12px !important; border-radius: 0 !important; }
  .c-cell { padding: 6px 2px !important; font-size: 12px !important; }
  .c-head { font-size: 10px !important; }
  .c-trend-word { display: none !important; }
}
@media (prefers-color-scheme: dark) {
  /* Body repeats its style on the cell it wraps the content in. */
  .c-page, .c-page > table > tbody > tr > td { background-color: #121210 !important; }
  .c-card { background-color: #1e1d1a !important; border-color: #34322c !important; }
  .c-ink { color: #f1efe8 !important; }
  .c-muted { color: #aaa493 !important; }
  .c-line { border-color: #34322c !important; }
  .c-accent { color: #d9b15e !important; }
  .c-warn { color: #f08b72 !important; }
  .c-good { color: #7fd19d !important; }
  .c-button { background-color: #d9b15e !important; color: #121210 !important; }
  .c-row { border-color: #34322c !important; }
}
`;

export const textStyle = { margin: 0, fontSize: '14px', lineHeight: '20px', color: palette.ink } as const;
export const mutedStyle = { ...textStyle, color: palette.muted, fontSize: '12px', lineHeight: '18px' } as const;

export function EmailFrame({ preview, title, children, footer }: { preview: string; title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{DARK_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="c-page" style={{ backgroundColor: palette.page, margin: 0, padding: '24px 0', fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' }}>
        <Container className="c-card" style={{ backgroundColor: palette.card, border: `1px solid ${palette.line}`, borderRadius: '12px', maxWidth: '600px', padding: '28px 24px' }}>
          <Text className="c-accent" style={{ ...textStyle, color: palette.accent, fontWeight: 700, letterSpacing: '0.08em', fontSize: '12px', textTransform: 'uppercase' }}>
            Cadence
          </Text>
          {children}
          <Hr className="c-line" style={{ borderColor: palette.line, margin: '24px 0 16px' }} />
          <Section>{footer}</Section>
        </Container>
      </Body>
    </Html>
  );
}

export function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link className="c-accent" href={href} style={{ color: palette.accent, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}
