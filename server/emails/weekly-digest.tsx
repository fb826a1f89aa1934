import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { ATTENTION_RULE_TEXT, attentionReasons, TREND_MIN_CHANGE, trendOf, weeklyDigestText, type DigestClientWeek, type Trend, type WeeklyDigest } from '@/lib/digest';
import { EmailFrame, FooterLink, mutedStyle, palette, textStyle } from './layout';

const TREND_MARK: Record<Trend, { mark: string; label: string; color: string; className: string }> = {
  up: { mark: '▲', label: 'up', color: palette.good, className: 'c-good' },
  down: { mark: '▼', label: 'down', color: palette.warn, className: 'c-warn' },
  steady: { mark: '●', label: 'steady', color: palette.muted, className: 'c-muted' },
};

function Figure({ now, before }: { now: number | null; before: number | null }) {
  if (now === null) return <span className="c-muted" style={{ color: palette.muted }}>—</span>;
  const t = trendOf(now, before);
  return (
    <span>
      {Math.round(now)}
      {t ? (
        <span className={TREND_MARK[t].className} style={{ color: TREND_MARK[t].color, fontSize: '11px', whiteSpace: 'nowrap' }} title={TREND_MARK[t].label}>
          {' '}
          {TREND_MARK[t].mark}
          <span className="c-trend-word"> {TREND_MARK[t].label}</span>
        </span>
      ) : null}
    </span>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <Column style={{ width: '33%', padding: '8px 4px', verticalAlign: 'top' }}>
      <Text className="c-ink" style={{ ...textStyle, fontSize: '22px', lineHeight: '28px', fontWeight: 700 }}>
        {value}
      </Text>
      <Text className="c-muted" style={mutedStyle}>
        {label}
      </Text>
    </Column>
  );
}

const cell = { ...textStyle, fontSize: '13px', padding: '8px 6px', borderTop: `1px solid ${palette.line}`, verticalAlign: 'top' } as const;
const head = { ...mutedStyle, padding: '6px', textAlign: 'left', fontWeight: 600 } as const;

function ClientTable({ clients }: { clients: DigestClientWeek[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', marginTop: '8px' }}>
      <thead>
        <tr>
          <th className="c-muted c-cell c-head" style={head}>Client</th>
          <th className="c-muted c-cell c-head" style={head}>Sent / answered</th>
          <th className="c-muted c-cell c-head" style={head}>Motivation</th>
          <th className="c-muted c-cell c-head" style={head}>Engagement</th>
          <th className="c-muted c-cell c-head" style={head}>Goals moved / reached</th>
          <th className="c-muted c-cell c-head" style={head}>Concerns</th>
        </tr>
      </thead>
      <tbody>
        {clients.map((c) => (
          <tr key={c.clientId}>
            <td className="c-ink c-row c-cell" style={{ ...cell, fontWeight: 600 }}>
              {c.name}
              {c.wentQuiet ? (
                <span className="c-warn" style={{ color: palette.warn, fontWeight: 400, fontSize: '11px', display: 'block' }}>
                  went quiet
                </span>
              ) : null}
            </td>
            <td className="c-ink c-row c-cell" style={cell}>
              {c.sent} / {c.answered}
            </td>
            <td className="c-ink c-row c-cell" style={cell}>
              <Figure now={c.motivation} before={c.motivationBefore} />
            </td>
            <td className="c-ink c-row c-cell" style={cell}>
              <Figure now={c.engagement} before={c.engagementBefore} />
            </td>
            <td className="c-ink c-row c-cell" style={cell}>
              {c.goalsMoved} / {c.goalsReached}
            </td>
            <td className="c-ink c-row c-cell" style={cell}>
              {c.concerns.length}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WeeklyDigestEmail({ digest }: { digest: WeeklyDigest }) {
  const t = digest.totals;
  return (
    <EmailFrame
      title={`Your week · ${digest.weekLabel}`}
      preview={`${t.sent} check-ins sent, ${t.answered} answered; ${digest.attention.length} client${digest.attention.length === 1 ? '' : 's'} needing attention.`}
      footer={
        <>
          <Text className="c-muted" style={mutedStyle}>
            {ATTENTION_RULE_TEXT} Motivation and engagement are out of 100; up or down is against the week before (a change of {TREND_MIN_CHANGE} or more).
          </Text>
          <Text className="c-muted" style={{ ...mutedStyle, marginTop: '8px' }}>
            You get this e-mail every Monday because the weekly digest is on. <FooterLink href={digest.links.unsubscribe}>Unsubscribe</FooterLink> · <FooterLink href={digest.links.settings}>Notification settings</FooterLink>
          </Text>
        </>
      }
    >
      <Heading as="h1" className="c-ink" style={{ ...textStyle, fontSize: '22px', lineHeight: '28px', margin: '8px 0 4px' }}>
        Your week with your clients
      </Heading>
      <Text className="c-muted" style={mutedStyle}>
        {digest.weekLabel} · for {digest.coachName}
      </Text>
      <Section style={{ marginTop: '16px' }}>
        <Row>
          <Stat value={t.sent} label="check-ins sent" />
          <Stat value={t.answered} label="answered" />
          <Stat value={t.goalsReached} label="goals reached" />
        </Row>
        <Row>
          <Stat value={t.goalsMoved} label="goals moved" />
          <Stat value={t.concerns} label="concerns raised" />
          <Stat value={t.quiet} label="went quiet" />
        </Row>
      </Section>
      <Heading as="h2" className="c-ink" style={{ ...textStyle, fontSize: '16px', margin: '20px 0 8px' }}>
        Needing attention
      </Heading>
      {digest.attention.length === 0 ? (
        <Text className="c-muted" style={mutedStyle}>
          No client needs particular attention this week.
        </Text>
      ) : (
        digest.attention.map((c, i) => (
          <Text key={c.clientId} className="c-ink" style={{ ...textStyle, margin: '0 0 8px' }}>
            <strong>
              {i + 1}. {c.name}
            </strong>
            <span className="c-muted" style={{ color: palette.muted }}>
              {' '}
              — {attentionReasons(c).join(', ')}
            </span>
          </Text>
        ))
      )}
      <Heading as="h2" className="c-ink" style={{ ...textStyle, fontSize: '16px', margin: '20px 0 0' }}>
        Per client
      </Heading>
      <ClientTable clients={digest.clients} />
      <Section style={{ marginTop: '24px' }}>
        <Button className="c-button" href={digest.links.dashboard} style={{ backgroundColor: palette.accent, color: '#ffffff', borderRadius: '8px', padding: '12px 18px', fontSize: '14px', fontWeight: 600 }}>
          Open your dashboard
        </Button>
        <Text style={{ ...mutedStyle, marginTop: '12px' }}>
          <FooterLink href={digest.links.analytics}>See the analytics</FooterLink>
        </Text>
      </Section>
    </EmailFrame>
  );
}

export async function renderWeeklyDigest(digest: WeeklyDigest): Promise<{ html: string; text: string }> {
  return { html: await render(<WeeklyDigestEmail digest={digest} />), text: weeklyDigestText(digest) };
}
