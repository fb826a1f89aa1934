import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { REPLY_PAGE_PATH } from '@/lib/reply-page';
import { config } from '../../config';
import { signingKey } from '../../auth/secret';

/**
 * The reply address of an e-mailed check-in (decision 0081): `<token>@INBOUND_EMAIL_DOMAIN`, where
 * the token names the check-in without exposing its id. The id's 16 bytes are enciphered (one
 * AES-256 block: a permutation, so distinct ids give distinct tokens and nothing of the id shows)
 * and followed by 8 bytes of HMAC-SHA256 over the cipher block, so a made-up or altered token is
 * refused without a database read. Both keys are derived from the app's signing secret (JWT_SECRET).
 * The 24 bytes are written in lowercase base32 (39 characters): mail systems may change the case of
 * a local part, and base32 reads the same in any case.
 */

const MAC_BYTES = 8;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a token is for: each scope has its own keys, so a reply address's token is no reply-page
 * link and the other way round (decision 0083).
 */
export type TokenScope = 'reply-address' | 'reply-page';

const derive = (secret: Uint8Array, purpose: string, scope: TokenScope) => createHmac('sha256', secret).update(`${scope}:${purpose}`).digest();
const macOf = (secret: Uint8Array, block: Buffer, scope: TokenScope) => createHmac('sha256', derive(secret, 'mac', scope)).update(block).digest().subarray(0, MAC_BYTES);

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toLowerCase()) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The token of a check-in id under this secret. */
export function replyToken(checkInId: string, secret: Uint8Array, scope: TokenScope = 'reply-address'): string {
  if (!UUID.test(checkInId)) throw new Error('A reply token names a check-in id (a uuid)');
  const cipher = createCipheriv('aes-256-ecb', derive(secret, 'enc', scope), null).setAutoPadding(false);
  const block = Buffer.concat([cipher.update(Buffer.from(checkInId.replace(/-/g, ''), 'hex')), cipher.final()]);
  return base32(Buffer.concat([block, macOf(secret, block, scope)]));
}

/** The check-in id a token names, or null for anything not made by replyToken under this secret. */
export function checkInIdOfToken(token: string, secret: Uint8Array, scope: TokenScope = 'reply-address'): string | null {
  const bytes = fromBase32(token);
  if (!bytes || bytes.length !== 16 + MAC_BYTES) return null;
  const block = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), macOf(secret, block, scope))) return null;
  const decipher = createDecipheriv('aes-256-ecb', derive(secret, 'enc', scope), null).setAutoPadding(false);
  const hex = Buffer.concat([decipher.update(block), decipher.final()]).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The bare address of "Name <addr>" or "addr", lowercased. */
export function bareAddress(value: string): string {
  const angled = /<([^<>]+)>/.exec(value);
  return (angled ? angled[1]! : value).trim().toLowerCase();
}

export const inboundDomain = () => config().INBOUND_EMAIL_DOMAIN.toLowerCase();

/** The Reply-To of a check-in's e-mails. */
export const replyAddressOf = (checkInId: string) => `${replyToken(checkInId, signingKey())}@${inboundDomain()}`;

/**
 * The Message-ID of a check-in's first e-mail, and of its follow-up: stable (derived from the token,
 * so a resend keeps it) and on our receiving domain, so clients' replies thread under it.
 */
export const checkInMessageId = (checkInId: string) => `<checkin.${replyToken(checkInId, signingKey())}@${inboundDomain()}>`;
export const followUpMessageId = (checkInId: string) => `<followup.${replyToken(checkInId, signingKey())}@${inboundDomain()}>`;
/** The AI's answer to the n-th further message of the conversation (decision 0094). */
export const furtherAnswerMessageId = (checkInId: string, n: number) => `<answer${n}.${replyToken(checkInId, signingKey())}@${inboundDomain()}>`;

/** The check-in named by the first of these addresses that is a valid reply address on our receiving domain. */
export function checkInIdOfAddresses(addresses: string[]): string | null {
  const domain = inboundDomain();
  const secret = signingKey();
  for (const address of addresses) {
    const bare = bareAddress(address);
    const at = bare.lastIndexOf('@');
    if (at < 0 || bare.slice(at + 1) !== domain) continue;
    const id = checkInIdOfToken(bare.slice(0, at), secret);
    if (id) return id;
  }
  return null;
}

/** The link to a check-in's one-tap reply page (decision 0083): the same cipher, the page's own keys. */
export const replyPageToken = (checkInId: string) => replyToken(checkInId, signingKey(), 'reply-page');
export const replyPageUrl = (checkInId: string) => `${config().appUrl.replace(/\/+$/, '')}${REPLY_PAGE_PATH}${replyPageToken(checkInId)}`;
