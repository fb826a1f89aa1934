import { DEFAULT_QUIET_AFTER } from './nudges';

/** How AI messages to clients are signed: as the coach, as the coach's assistant, or not at all. */
export type MessageSignature = 'coach' | 'assistant' | 'none';
export const MESSAGE_SIGNATURES: readonly MessageSignature[] = ['coach', 'assistant', 'none'];
export const DEFAULT_MESSAGE_SIGNATURE: MessageSignature = 'assistant';

export interface CoachingSurvey {
  coachingStyle: string;
  clientExpectations: string;
  motivationApproach: string;
  feedbackStyle: string;
  challengeApproach: string;
  /** Absent on surveys saved before the choice existed: DEFAULT_MESSAGE_SIGNATURE. */
  signature?: MessageSignature;
}

export interface NotificationPreferences {
  globalEnabled: boolean;
  email: {
    enabled: boolean;
    clientUpdates: boolean;
    goalCompletions: boolean;
    missedCheckIns: boolean;
    systemUpdates: boolean;
    marketingEmails: boolean;
    weeklyDigest: boolean;
    dailyReminders: boolean;
  };
  sms: { enabled: boolean; urgentOnly: boolean; checkInReminders: boolean; goalDeadlines: boolean; emergencyContacts: boolean };
  push: {
    enabled: boolean;
    clientMessages: boolean;
    goalProgress: boolean;
    aiInsights: boolean;
    systemAlerts: boolean;
    sessionReminders: boolean;
    breakingNews: boolean;
  };
  inApp: { clientMessages: boolean; goalProgress: boolean; aiInsights: boolean; systemAlerts: boolean };
  schedule: {
    quietHours: { enabled: boolean; startTime: string; endTime: string };
    timezone: string;
    workdaysOnly: boolean;
    maxDailyNotifications: number;
  };
  content: { frequency: 'immediate' | 'hourly' | 'daily' | 'weekly'; summary: boolean; detailLevel: 'minimal' | 'standard' | 'detailed' };
  /** Absent on settings saved before it (decision 0091): read through `quietAfter`. */
  nudges?: { clientQuietAfter: number };
}

/** After how many unanswered check-ins in a row the coach hears that a client has gone quiet. */
export const quietAfter = (prefs: Partial<NotificationPreferences>) => prefs.nudges?.clientQuietAfter ?? DEFAULT_QUIET_AFTER;

export interface AppearancePreferences {
  theme: 'light' | 'dark' | 'system';
  compactView: boolean;
  colorScheme: 'gold' | 'copper' | 'sage';
  fontSize: 'small' | 'medium' | 'large';
}

/** Weekly schedule keyed by day index 0-6, Monday = 0 (product §2.3). */
export type DayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6';
export interface ScheduleSlot {
  id: string;
  time: string;
  enabled: boolean;
  /** Set when the slot asks about one goal only; otherwise the check-in covers every active goal. */
  goalId?: string;
}
export type CheckInSchedule = Partial<Record<DayKey, ScheduleSlot[]>>;

export const EMPTY_COACHING_SURVEY: CoachingSurvey = {
  coachingStyle: '',
  clientExpectations: '',
  motivationApproach: '',
  feedbackStyle: '',
  challengeApproach: '',
  signature: DEFAULT_MESSAGE_SIGNATURE,
};

/** Product §1.9 notification defaults. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  globalEnabled: true,
  email: {
    enabled: true,
    clientUpdates: true,
    goalCompletions: true,
    missedCheckIns: true,
    systemUpdates: false,
    marketingEmails: false,
    weeklyDigest: true,
    dailyReminders: false,
  },
  sms: { enabled: false, urgentOnly: true, checkInReminders: false, goalDeadlines: false, emergencyContacts: true },
  push: {
    enabled: true,
    clientMessages: true,
    goalProgress: true,
    aiInsights: true,
    systemAlerts: true,
    sessionReminders: true,
    breakingNews: false,
  },
  inApp: { clientMessages: true, goalProgress: true, aiInsights: true, systemAlerts: true },
  schedule: {
    quietHours: { enabled: false, startTime: '22:00', endTime: '08:00' },
    timezone: 'America/New_York',
    workdaysOnly: false,
    maxDailyNotifications: 10,
  },
  content: { frequency: 'immediate', summary: true, detailLevel: 'standard' },
  nudges: { clientQuietAfter: DEFAULT_QUIET_AFTER },
};

/** Product §1.9 appearance defaults. */
export const DEFAULT_APPEARANCE_PREFERENCES: AppearancePreferences = {
  theme: 'light',
  compactView: false,
  colorScheme: 'gold',
  fontSize: 'medium',
};
