import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { dailyReminderText, type DailyReminder, type ReminderItem } from '@/lib/digest';
import { EmailFrame, FooterLink, mutedStyle, palette, textStyle } from './layout';

function Items({ title, items }: { title: string; items: ReminderItem[] }) {
  if (items.length === 0) return null;
  return (
    <Section style={{ marginTop: '16px' }}>
      <Heading as="h2" className="c-ink" style={{ ...textStyle, fontSize: '16px', margin: '0 0 8px' }}>
        {title}
      </Heading>
      {items.map((i, n) => (
        <Text key={n} className="c-ink" style={{ ...textStyle, margin: '0 0 4px' }}>
          <span className="c-muted" style={{ color: palette.muted, display: 'inline-block', width: '56px' }}>
            {i.time}
          </span>
          {i.clientName}
        </Text>
      ))}
    </Section>
  );
}

export function DailyReminderEmail({ reminder }: { reminder: DailyReminder }) {
  return (
    <EmailFrame
      title={`Today's check-ins · ${reminder.dayLabel}`}
      preview={`${reminder.today.length} check-ins today, ${reminder.unanswered.length} unanswered from yesterday.`}
      footer={
        <Text className="c-muted" style={mutedStyle}>
          You get this e-mail because daily reminders are on. <FooterLink href={reminder.links.unsubscribe}>Unsubscribe</FooterLink> · <FooterLink href={reminder.links.settings}>Notification settings</FooterLink>
        </Text>
      }
    >
      <Heading as="h1" className="c-ink" style={{ ...textStyle, fontSize: '22px', lineHeight: '28px', margin: '8px 0 4px' }}>
        Today&apos;s check-ins
      </Heading>
      <Text className="c-muted" style={mutedStyle}>
        {reminder.dayLabel} · times in {reminder.zone}
      </Text>
      <Items title="Going out today" items={reminder.today} />
      <Items title="Sent yesterday, not answered yet" items={reminder.unanswered} />
      <Section style={{ marginTop: '24px' }}>
        <Button className="c-button" href={reminder.links.dashboard} style={{ backgroundColor: palette.accent, color: '#ffffff', borderRadius: '8px', padding: '12px 18px', fontSize: '14px', fontWeight: 600 }}>
          Open your dashboard
        </Button>
      </Section>
    </EmailFrame>
  );
}

export async function renderDailyReminder(reminder: DailyReminder): Promise<{ html: string; text: string }> {
  return { html: await render(<DailyReminderEmail reminder={reminder} />), text: dailyReminderText(reminder) };
}
