/** The most characters of a sent value an error message repeats. */
export const INPUT_EXCERPT_MAX = 20;

/**
 * A sent value as an error message may quote it: control characters and runs of white space made
 * one space, cut to INPUT_EXCERPT_MAX characters with an ellipsis. A message that echoed the whole
 * value answered a 100 KB time with a 205 KB error; the start is enough to recognise the mistake.
 */
export function inputExcerpt(value: string, max = INPUT_EXCERPT_MAX): string {
  const flat = value.replace(/[\u0000-\u001f\u007f\s]+/g, ' ');
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : flat;
}
