/**
 * The error of a required text field that did not get text: absent (or null) says the form's
 * "required" text; any other type (a number, a list…) names the field and says it must be text, so
 * a caller is not told to fill in a field it did fill in.
 */
export const textTypeError =
  (field: string, required: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? required : `${field} must be text`;
