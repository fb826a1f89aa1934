import { UAParser } from 'ua-parser-js';

/** Set by server/index.ts from the socket (or X-Forwarded-For with TRUST_PROXY), never from the client. */
export const CLIENT_IP_HEADER = 'x-cadence-client-ip';

export interface RequestInfo {
  ip: string;
  userAgent: string;
}

export function requestInfo(headers: Headers): RequestInfo {
  return { ip: headers.get(CLIENT_IP_HEADER) ?? 'unknown', userAgent: headers.get('user-agent') ?? '' };
}

export interface DeviceInfo {
  device: string;
  os: string;
  browser: string | null;
}

export function describeDevice(userAgent: string): DeviceInfo {
  const ua = new UAParser(userAgent).getResult();
  const browser = ua.browser.name ? `${ua.browser.name}${ua.browser.major ? ` ${ua.browser.major}` : ''}` : null;
  const device = ua.device.vendor ? `${ua.device.vendor} ${ua.device.model ?? ''}`.trim() : browser ?? (userAgent ? userAgent.slice(0, 40) : 'Unknown device');
  const os = ua.os.name ? `${ua.os.name}${ua.os.version ? ` ${ua.os.version}` : ''}` : 'Unknown OS';
  return { device, os, browser };
}

/** No geo-IP database ships with Cadence; loopback and private ranges are named, the rest left unknown. */
export function describeLocation(ip: string): string {
  if (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1') return 'Local machine';
  if (/^(::ffff:)?(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip) || /^f[cd]/i.test(ip)) return 'Private network';
  return 'Unknown location';
}
