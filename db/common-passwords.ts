// The common passwords registration and password reset refuse, from zxcvbn-ts's list (ordered by frequency). Read in
// Node only (the command line's admin, the web build that writes them into the Worker's static assets): the whole
// list is 400 KiB that the Worker's bundle need not carry (worker/providers/static-data.ts).
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS_REFUSED, commonPasswordSet } from './password.ts';

/** The refused passwords, most common first. */
export function commonPasswordList(): string[] {
  return dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED);
}

/** The refused passwords as the check compares them. */
export function commonPasswordsInNode(): ReadonlySet<string> {
  return commonPasswordSet(commonPasswordList());
}
